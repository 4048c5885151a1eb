"""The host takes **kwargs and hands them on to scipy's `solve_ivp`, which takes any keyword
(its `**options`): `vectorized=False` reaches it harmlessly, and nothing batches the call."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import solve_ivp


def _decay(t, y):
    return -0.5 * y


def _integrate(y0, **solver_options):
    sol = solve_ivp(_decay, (0.0, 1.0), np.asarray(y0, dtype=np.float64), **solver_options)
    return sol.y[:, -1].astype(np.float32)


def final_state(y0):
    return jax.pure_callback(
        _integrate, jax.ShapeDtypeStruct(y0.shape, jnp.float32), y0, vectorized=False
    )


print(jax.jit(final_state)(jnp.array([1.0, 2.0])))
