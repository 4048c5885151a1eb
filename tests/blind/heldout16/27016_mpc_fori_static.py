"""Shooting-method MPC for a double integrator: gradient descent on the control sequence."""
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.array([[1.0, 0.1], [0.0, 1.0]])
B = jnp.array([[0.005], [0.1]])
Q = jnp.diag(jnp.array([10.0, 1.0]))
R = 0.1
HORIZON = 20


def rollout_cost(u_seq, x0, x_ref):
    def body(t, carry):
        x, cost = carry
        u = lax.dynamic_slice(u_seq, (t,), (1,))
        x = A @ x + B @ u
        e = x - x_ref
        return x, cost + e @ Q @ e + R * jnp.sum(u ** 2)
    _, cost = lax.fori_loop(0, HORIZON, body, (x0, 0.0))
    return cost


@jax.jit
def mpc_solve(x0, x_ref, u_init):
    g = jax.grad(rollout_cost)
    def it(i, u):
        return u - 0.05 * g(u, x0, x_ref)
    return lax.fori_loop(0, 100, it, u_init)


x = jnp.array([1.0, 0.0])
u = jnp.zeros(HORIZON)
for k in range(5):
    u = mpc_solve(x, jnp.zeros(2), u)
    x = A @ x + B @ u[:1]
    u = jnp.roll(u, -1)
print(x)
