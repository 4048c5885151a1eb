"""Batch audit trail for a toy pricing model.

`vmap` is the batching helper used throughout; the CPU-only deployment
swaps it for a sequential map further down.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

AUDIT = []


def _write_audit(quote):
    q = np.asarray(quote)
    AUDIT.append(q.copy())
    return np.float32(q.sum())


def price(spot, strike=1.0, vol=0.2):
    d = (jnp.log(spot / strike) + 0.5 * vol ** 2) / vol
    value = spot * jax.scipy.stats.norm.cdf(d) - strike * jax.scipy.stats.norm.cdf(d - vol)
    checksum = io_callback(_write_audit, jax.ShapeDtypeStruct((), jnp.float32),
                           value, ordered=True)
    return value + 0.0 * checksum


def vmap(fn):
    return jax.vmap(fn)


batched_price = vmap(price)


def spread(values):
    v = np.asarray(values)
    return float(v.max() - v.min())


# deployment override: keep audit records strictly sequential
def vmap(fn):
    return lambda xs: jax.lax.map(fn, xs)


def book_value(spots):
    return jnp.sum(batched_price(spots))


def describe(spots):
    s = np.asarray(spots)
    return f"{s.size} quotes in [{s.min():.2f}, {s.max():.2f}]"


if __name__ == "__main__":
    spots = jnp.linspace(0.8, 1.2, 5, dtype=jnp.float32)
    print(describe(spots))
    total = book_value(spots)
    print("book", float(total), "spread", spread(jnp.asarray(AUDIT[-1]) if AUDIT else spots))
    print("audit entries", len(AUDIT))
