"""Leapfrog integration that stops when the energy error exceeds a tolerance (NUTS-like)."""
import jax
import jax.numpy as jnp
from jax import lax


def potential(q):
    return 0.5 * jnp.sum(q ** 2) + 0.1 * jnp.sum(q ** 4)


def kinetic(p):
    return 0.5 * jnp.sum(p ** 2)


def trajectory(step_size, q0, p0, max_len=64, tol=1.0):
    H0 = potential(q0) + kinetic(p0)
    dU = jax.grad(potential)

    def keep_going(state):
        i, q, p = state
        err = jnp.abs(potential(q) + kinetic(p) - H0)
        return (i < max_len) & (err < tol)

    def one_step(state):
        i, q, p = state
        p = p - 0.5 * step_size * dU(q)
        q = q + step_size * p
        p = p - 0.5 * step_size * dU(q)
        return i + 1, q, p

    n, q, p = lax.while_loop(keep_going, one_step, (0, q0, p0))
    return q, n


def objective(log_eps):
    # tune the step size by maximising squared jump distance
    q0 = jnp.array([1.0, -0.5, 0.3])
    p0 = jnp.array([0.2, 0.9, -0.4])
    q, n = trajectory(jnp.exp(log_eps), q0, p0)
    return jnp.sum((q - q0) ** 2)


log_eps = jnp.log(0.1)
for it in range(5):
    g = jax.grad(objective)(log_eps)
    log_eps = log_eps + 0.05 * g
print(jnp.exp(log_eps))
