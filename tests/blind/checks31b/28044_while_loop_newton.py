import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _kepler_residual(E, M, e):
    E, M, e = np.asarray(E), np.asarray(M), np.asarray(e)
    return (E - e * np.sin(E) - M).astype(E.dtype)


def solve_kepler(M, e, iters=5):
    def cond(state):
        return state[1] < iters

    def body(state):
        E, i = state
        r = jax.pure_callback(_kepler_residual, jax.ShapeDtypeStruct(E.shape, E.dtype), E, M, e,
                              vectorized=False)
        return E - r / (1.0 - e * jnp.cos(E)), i + 1

    E, _ = jax.lax.while_loop(cond, body, (M, 0))
    return E


print(jax.jit(solve_kepler)(jnp.array([0.5, 1.0]), 0.1))
