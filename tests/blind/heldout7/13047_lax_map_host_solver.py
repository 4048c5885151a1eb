"""Batch of stiff ODE solves on the host with scipy solve_ivp (Robertson kinetics), one per
rate-constant triple; lax.map keeps it a loop so no batching rule is needed."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import solve_ivp


def _robertson_final(k):
    k1, k2, k3 = map(float, k)
    rhs = lambda t, y: [-k1 * y[0] + k3 * y[1] * y[2],
                        k1 * y[0] - k2 * y[1] ** 2 - k3 * y[1] * y[2],
                        k2 * y[1] ** 2]
    sol = solve_ivp(rhs, (0.0, 10.0), [1.0, 0.0, 0.0], method="LSODA", rtol=1e-6)
    return sol.y[:, -1].astype(np.float32)


def robertson(k):
    return jax.pure_callback(_robertson_final, jax.ShapeDtypeStruct((3,), jnp.float32), k)


ks = jnp.array([[0.04, 3e7, 1e4], [0.05, 3e7, 1e4], [0.04, 1e7, 1e4]])
finals = jax.jit(lambda kk: jax.lax.map(robertson, kk))(ks)
print(finals)
print(jnp.sum(finals, axis=1))
