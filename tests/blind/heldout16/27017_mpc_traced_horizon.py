"""Receding-horizon control where the horizon is an argument to the jitted planner."""
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.array([[1.0, 0.1], [0.0, 1.0]])
B = jnp.array([0.005, 0.1])


def stage_cost(x, u):
    return 10.0 * x[0] ** 2 + x[1] ** 2 + 0.1 * u ** 2


def total_cost(u_seq, x0, horizon):
    def body(t, carry):
        x, c = carry
        u = u_seq[t]
        return A @ x + B * u, c + stage_cost(x, u)
    _, c = lax.fori_loop(0, horizon, body, (x0, 0.0))
    return c


@jax.jit
def plan(u_seq, x0, horizon):
    for _ in range(30):
        u_seq = u_seq - 0.05 * jax.grad(total_cost)(u_seq, x0, horizon)
    return u_seq


u = plan(jnp.zeros(25), jnp.array([1.0, 0.0]), 15)
print(u[:3])
