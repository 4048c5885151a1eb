# scipy solve_ivp wrapped with custom_vjp; gradient by finite differences on the host
import functools

import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import solve_ivp

T_EVAL = np.linspace(0.0, 1.5, 7)


def _solve(k):
    sol = solve_ivp(lambda t, y: [-k[0] * y[0] + k[1]], (0.0, 1.5), [1.0], t_eval=T_EVAL,
                    rtol=1e-8, atol=1e-10)
    return sol.y[0]


def _solve_host(k):
    return _solve(np.asarray(k, dtype=np.float64)).astype(np.float32)


def _vjp_host(k, g, eps=1e-5):
    k = np.asarray(k, dtype=np.float64)
    base = _solve(k)
    jac = np.stack([(_solve(k + eps * e) - base) / eps for e in np.eye(k.size)], axis=1)
    return (np.asarray(g, dtype=np.float64) @ jac).astype(np.float32)


@jax.custom_vjp
def trajectory(k):
    return jax.pure_callback(_solve_host, jax.ShapeDtypeStruct(T_EVAL.shape, jnp.float32), k)


def _traj_fwd(k):
    return trajectory(k), k


def _traj_bwd(k, g):
    return (jax.pure_callback(_vjp_host, jax.ShapeDtypeStruct(k.shape, k.dtype), k, g),)


trajectory.defvjp(_traj_fwd, _traj_bwd)

y_obs = jnp.asarray(_solve(np.array([1.2, 0.4])), dtype=jnp.float32)


@functools.partial(jax.jit, static_argnums=1)
def sse(k, weight=1.0):
    return weight * jnp.sum((trajectory(k) - y_obs) ** 2)


k = jnp.array([0.5, 0.1])
for _ in range(15):
    val, dk = jax.value_and_grad(sse)(k)
    k = k - 0.2 * dk
print(val, k)
