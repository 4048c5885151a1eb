"""jacrev of a deep-equilibrium style fixed point solved by lax.while_loop."""
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(W, b):
    def cond(state):
        i, x, err = state
        return (err > 1e-5) & (i < 100)

    def body(state):
        i, x, _ = state
        x_new = jnp.tanh(W @ x + b)
        return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

    _, x, _ = lax.while_loop(cond, body, (0, jnp.zeros_like(b), jnp.float32(1.0)))  # EXPECT: JAX009
    return x


W = jnp.array([[0.2, -0.1], [0.3, 0.1]])
print(jax.jacrev(fixed_point, argnums=1)(W, jnp.array([0.5, -0.5])))
