"""Double-precision runs keep a strict, ordered ledger of intermediate values."""
import jax

jax.config.update("jax_enable_x64", True)

import numpy as np
import jax.numpy as jnp
from jax.experimental import io_callback

LEDGER = []


def _ledger_write(v):
    LEDGER.append(float(np.asarray(v).sum()))


def _strict_mode(x):
    # bit-for-bit reproducible runs (64-bit) need the writes in program order
    return np.dtype(x.dtype).itemsize == 8


def energy(q):
    e = 0.5 * jnp.sum(q ** 2) + 0.1 * jnp.sum(q ** 4)
    io_callback(_ledger_write, None, e, ordered=_strict_mode(q))
    return e


def batch_energy(qs):
    return jax.vmap(energy)(qs)


def relax(qs, lr=0.05, steps=3):
    def body(qs, _):
        g = jnp.stack([q * (1 + 0.4 * q ** 2) for q in qs])
        return qs - lr * g, None
    qs, _ = jax.lax.scan(body, qs, None, length=steps)
    return qs


def finite_difference(f, x, eps=1e-3):
    """Plain NumPy central difference, used to eyeball derivatives."""
    x = np.asarray(x, dtype=float)
    out = np.zeros_like(x)
    for i in range(x.size):
        e = np.zeros_like(x)
        e.flat[i] = eps
        out.flat[i] = (f(x + e) - f(x - e)) / (2 * eps)
    return out


if __name__ == "__main__":
    rng = np.random.default_rng(3)
    qs = jnp.asarray(rng.normal(size=(2, 3)))
    qs = relax(qs)
    print("dtype", qs.dtype)
    print("energies", batch_energy(qs))
    print("ledger", len(LEDGER))
