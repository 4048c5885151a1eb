import jax
import jax.numpy as jnp

from odekit import rk4_solve, TRACE_LOG

y0 = jnp.array([0.1, 0.5])
theta = jnp.array([0.7])


def final_population(theta):
    y_end, _ = rk4_solve(y0, theta, 0.1, system="decay", n_steps=40)
    return jnp.sum(y_end)


if __name__ == "__main__":
    print("final:", float(final_population(theta)))
    print("logged", len(TRACE_LOG), "states")
    sens = jax.grad(final_population)(theta)
    print("d final / d theta =", sens)
