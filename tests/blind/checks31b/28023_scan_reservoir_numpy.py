import numpy as np
import jax
from jax import lax
from jax import numpy as xp


def _leak(state, rate):
    return np.asarray(state) * (1.0 - rate)


def _inflow(level, t):
    return level + 0.1 * np.sin(t)


def _reservoir_step(level, t):
    level = np.asarray(level)
    t = np.asarray(t)
    nxt = _inflow(_leak(level, 0.05), t)
    return nxt.astype(level.dtype)


def simulate(level0, times):
    def body(level, t):
        new = jax.pure_callback(_reservoir_step, jax.ShapeDtypeStruct(level.shape, level.dtype),
                                level, t)
        return xp.maximum(new, 0.0), new.sum()
    return lax.scan(body, level0, times)


final, totals = jax.jit(simulate)(xp.ones(3), xp.arange(4.0))
print(final, totals)
