"""Sweep over wavelet-denoising configurations for a noisy chirp; stops at the first good one."""
import numpy as np
import jax
import jax.numpy as jnp


def _haar_shrink(sig, thresh):
    x = np.asarray(sig, dtype=np.float64)
    t = float(np.asarray(thresh))
    a = (x[0::2] + x[1::2]) / np.sqrt(2)
    d = (x[0::2] - x[1::2]) / np.sqrt(2)
    d = np.sign(d) * np.maximum(np.abs(d) - t, 0.0)
    out = np.empty_like(x)
    out[0::2] = (a + d) / np.sqrt(2)
    out[1::2] = (a - d) / np.sqrt(2)
    return out.astype(np.float32)


CONFIGS = [
    {"thresh": 0.05, "cb": {}},
    {"thresh": 0.15, "cb": {"vmap_method": "sequential"}},
    {"thresh": 0.30, "cb": {"vectorized": False}},
]


def chirp(n=64, sigma=0.2, seed=0):
    t = jnp.linspace(0.0, 1.0, n)
    clean = jnp.sin(2 * jnp.pi * (2 + 6 * t) * t)
    return clean, clean + sigma * jax.random.normal(jax.random.PRNGKey(seed), (n,))


def run_config(cfg, noisy):
    def denoise(x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(_haar_shrink, spec, x, jnp.float32(cfg["thresh"]), **cfg["cb"])
    return jax.jit(denoise)(noisy)


def snr_db(clean, noisy):
    clean = np.asarray(clean)
    noise = np.asarray(noisy) - clean
    return 10.0 * np.log10(np.sum(clean ** 2) / np.sum(noise ** 2))


def describe(cfg):
    extra = ", ".join(f"{k}={v}" for k, v in cfg["cb"].items()) or "defaults"
    return f"soft threshold {cfg['thresh']:.2f} ({extra})"


if __name__ == "__main__":
    clean, noisy = chirp()
    baseline = float(jnp.mean((noisy - clean) ** 2))
    target = 1.0 * baseline
    results = []
    for cfg in CONFIGS:
        rec = run_config(cfg, noisy)
        mse = float(jnp.mean((rec - clean) ** 2))
        results.append((cfg["thresh"], mse))
        if mse < target:
            break
    print(f"baseline mse {baseline:.4f}")
    for th, mse in results:
        print(f"  thresh {th:.2f}: mse {mse:.4f}")
