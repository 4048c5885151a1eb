"""Sweep: denoising filters x noise levels for a step-signal recovery benchmark."""
import itertools
import time
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.signal as jss
from jax.experimental import io_callback


def _box(sig, w):
    return np.convolve(sig, np.ones(w) / w, mode="same")


def _gauss(sig, w):
    t = np.arange(w) - w // 2
    k = np.exp(-0.5 * (t / (w / 4)) ** 2)
    return np.asarray(jss.convolve(sig, k / k.sum(), mode="same"))


def _identity(sig, w):
    return sig


FILTERS = {"none": _identity, "box": _box, "gauss": _gauss}


def make_denoiser(filter_name, width):
    fn = FILTERS[filter_name]

    def host(sig):
        sig = np.asarray(sig, dtype=np.float64)
        return fn(sig, width).astype(np.float32)

    @jax.jit
    def denoise(sig):
        return io_callback(host, jax.ShapeDtypeStruct(sig.shape, jnp.float32), sig)
    return denoise


def step_signal(key, sigma, n=48):
    clean = jnp.where(jnp.arange(n) < n // 2, 0.0, 1.0)
    return clean, clean + sigma * jax.random.normal(key, (n,))


def run_experiment(filter_name, sigma, width=5):
    clean, noisy = step_signal(jax.random.PRNGKey(0), sigma)
    den = make_denoiser(filter_name, width)
    t0 = time.perf_counter()
    rec = den(noisy)
    rec.block_until_ready()
    return {"mse": float(jnp.mean((rec - clean) ** 2)), "secs": time.perf_counter() - t0}


if __name__ == "__main__":
    grid = itertools.product(["none", "box"], [0.1, 0.3])
    results = {}
    for name, sigma in grid:
        results[(name, sigma)] = run_experiment(name, sigma)
    print(f"{'filter':>6s} {'sigma':>5s} {'mse':>8s}")
    for (name, sigma), r in sorted(results.items()):
        print(f"{name:>6s} {sigma:5.2f} {r['mse']:8.4f}")
