"""Benchmark of a host-side Mie-scattering lookup inside a jitted retrieval; warm-up first."""
import time
import numpy as np
import jax
import jax.numpy as jnp

_SIZE_PARAM = np.linspace(0.1, 20.0, 40)
_QEXT = 2.0 - 4.0 / _SIZE_PARAM * np.sin(_SIZE_PARAM) + 4.0 / _SIZE_PARAM ** 2 * (1 - np.cos(_SIZE_PARAM))


def _qext_lookup(x):
    x = np.asarray(x, dtype=np.float64)
    return np.interp(x, _SIZE_PARAM, _QEXT).astype(np.float32)


def extinction(radii, wavelength, number, callback_kwargs):
    x = 2 * jnp.pi * radii / wavelength
    q = jax.pure_callback(_qext_lookup, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          **callback_kwargs)
    return jnp.sum(number * q * jnp.pi * radii ** 2)


def run_benchmark(cfg, radii, number, n_warmup, n_timed=5):
    fn = jax.jit(lambda r, n: extinction(r, cfg["wavelength"], n, cfg["callback"]))
    warm = dict(cfg, callback=cfg["callback"] | {"vectorized": True})
    warm_fn = jax.jit(lambda r, n: extinction(r, warm["wavelength"], n, warm["callback"]))
    for _ in range(n_warmup):
        warm_fn(radii, number).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(n_timed):
        out = fn(radii, number).block_until_ready()
    return float(out), (time.perf_counter() - t0) / n_timed


CASES = [
    {"label": "visible", "wavelength": 0.55, "callback": {}},
    {"label": "near-IR", "wavelength": 1.6, "callback": {}},
]


def size_distribution(r_mode, sigma, n_bins=4):
    """Log-normal number distribution on a fixed radius grid (per cm^3)."""
    r = np.geomspace(0.2, 2.0, n_bins)
    dn = np.exp(-0.5 * (np.log(r / r_mode) / sigma) ** 2)
    return r, 150.0 * dn / dn.sum()


def angstrom_exponent(ext_a, ext_b, lam_a, lam_b):
    return -np.log(ext_a / ext_b) / np.log(lam_a / lam_b)


def format_row(label, ext, dt):
    return f"{label:>8s}: extinction {ext:9.3f}   {dt * 1e6:8.1f} us/call"


if __name__ == "__main__":
    radii = jnp.array([0.2, 0.5, 1.0, 2.0])
    number = jnp.array([100.0, 40.0, 10.0, 1.0])
    for case in CASES:
        ext, dt = run_benchmark(case, radii, number, n_warmup=0)
        print(f"{case['label']:>8s}: extinction {ext:9.3f}   {dt * 1e6:8.1f} us/call")
