"""Spectral line fitting over many spectra with a host-side fit ledger.

The batching strategy is picked from a table of aliases so the same
driver can run on accelerators (batched) or on small hosts (looped).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STRATEGIES = {"batched": ("jax", "vmap"), "looped": ("jax.lax", "map")}
_ledger = []


def _ledger_write(amp, width):
    _ledger.append((float(np.asarray(amp)), float(np.asarray(width))))
    return np.int32(len(_ledger))


def gaussian(x, amp, mu, width):
    return amp * jnp.exp(-0.5 * ((x - mu) / width) ** 2)


def fit_one(spectrum):
    x = jnp.linspace(-1.0, 1.0, spectrum.shape[0])
    amp = spectrum.max()
    mu = jnp.sum(x * spectrum) / jnp.sum(spectrum)
    width = jnp.sqrt(jnp.sum((x - mu) ** 2 * spectrum) / jnp.sum(spectrum))
    entry = io_callback(_ledger_write, jax.ShapeDtypeStruct((), jnp.int32), amp, width,
                        ordered=True)
    return jnp.stack([amp, mu, width]), entry


def resolve(strategy):
    module_name, attr = STRATEGIES[strategy]
    module = jax if module_name == "jax" else jax.lax
    return getattr(module, attr)


def synth(n=3, m=16, seed=0):
    rng = np.random.default_rng(seed)
    x = np.linspace(-1, 1, m)
    mus = rng.uniform(-0.3, 0.3, size=n)
    s = np.exp(-0.5 * ((x[None] - mus[:, None]) / 0.2) ** 2) + 0.01
    return jnp.asarray(s, jnp.float32)


if __name__ == "__main__":
    spectra = synth()
    strategy = "_".join(["looped"]) if spectra.shape[0] > 1 else "batched"
    mapper = resolve(strategy)
    if STRATEGIES[strategy][1] == "vmap":
        fits, entries = mapper(fit_one)(spectra)
    else:
        fits, entries = mapper(fit_one, spectra)
    print("fits", np.asarray(fits).round(3).tolist())
    print("ledger", len(_ledger))
