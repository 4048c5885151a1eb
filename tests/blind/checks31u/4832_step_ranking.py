"""Picking the least sensitive of several smoothed step functions.

Candidates are ranked with `min(..., key=...)`: the key measures how
strongly each candidate responds around the threshold.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def smoothstep(x):
    t = jnp.clip(x, 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


@smoothstep.defjvp
def _smoothstep_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    t = jnp.clip(x, 0.0, 1.0)
    return smoothstep(x), {"dx": 6.0 * t * (1.0 - t) * dx}


def logistic_step(x):
    return jax.nn.sigmoid(8.0 * (x - 0.5))


def erf_step(x):
    return 0.5 * (1.0 + jax.scipy.special.erf(4.0 * (x - 0.5)))


CANDIDATES = {"smoothstep": smoothstep, "logistic": logistic_step, "erf": erf_step}
PROBE = jnp.linspace(0.3, 0.7, 5)


def sensitivity(item):
    name, fn = item
    slopes = jax.vmap(jax.grad(fn))(PROBE)
    return float(jnp.max(jnp.abs(slopes)))


def range_of(item):
    name, fn = item
    return float(jnp.ptp(fn(PROBE)))


def describe(name, fn):
    vals = np.asarray(fn(PROBE))
    return f"{name}: {vals.round(3).tolist()}"


if __name__ == "__main__":
    best_name, best_fn = min(CANDIDATES.items(), key=sensitivity)
    print("least sensitive", best_name, "range", round(range_of((best_name, best_fn)), 4))
