"""fori_loop whose trip count is a traced argument (jit without static_argnums), under grad."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def integrate(y0, k, n_steps):
    dt = 1.0 / n_steps

    def euler(i, y):
        return y - dt * k * y

    return lax.fori_loop(0, n_steps, euler, y0)  # EXPECT: JAX009


print(integrate(1.0, 0.5, 10))
print(jax.grad(integrate, argnums=1)(1.0, 0.5, 10))
