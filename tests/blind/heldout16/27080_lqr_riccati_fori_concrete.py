"""Finite-horizon LQR via a backward Riccati recursion; cost sensitivity to the weights by grad."""
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.array([[1.0, 0.1], [0.0, 1.0]])
B = jnp.array([[0.0], [0.1]])
horizon = jnp.asarray(40)   # read from a config array


def riccati_cost(log_q, log_r, x0):
    Q = jnp.diag(jnp.exp(log_q))
    R = jnp.exp(log_r) * jnp.eye(1)

    def backward(_, P):
        K = jnp.linalg.solve(R + B.T @ P @ B, B.T @ P @ A)
        return Q + A.T @ P @ (A - B @ K)

    P0 = lax.fori_loop(0, horizon, backward, Q)
    return x0 @ P0 @ x0


x0 = jnp.array([1.0, -0.5])
print(riccati_cost(jnp.zeros(2), jnp.float32(0.0), x0))
print(jax.grad(riccati_cost, argnums=(0, 1))(jnp.zeros(2), jnp.float32(0.0), x0))
