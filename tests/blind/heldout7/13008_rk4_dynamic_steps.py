"""SIR epidemic model integrated with explicit Euler. The horizon is computed from the
final time inside jit, so the number of steps is a traced value."""
import jax
import jax.numpy as jnp
from jax import lax


def sir_rhs(state, beta, gamma):
    s, i, r = state
    return jnp.array([-beta * s * i, beta * s * i - gamma * i, gamma * i])


@jax.jit
def simulate(beta, gamma, t_final, dt=0.1):
    n = jnp.ceil(t_final / dt).astype(jnp.int32)
    def step(k, state):
        return state + dt * sir_rhs(state, beta, gamma)
    return lax.fori_loop(0, n, step, jnp.array([0.99, 0.01, 0.0]))


def peak_recovered(beta, gamma=0.1, t_final=30.0):
    return simulate(beta, gamma, t_final)[2]


print("R(T) =", peak_recovered(0.3))
print("forward sensitivity", jax.jvp(peak_recovered, (0.3,), (1.0,))[1])
print("dR/dbeta =", jax.grad(peak_recovered)(0.3))
