"""jacfwd of a fixed-point iteration implemented with lax.while_loop: forward mode is fine."""
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(params, x0=jnp.zeros(2)):
    W, b = params

    def cond(state):
        i, x, err = state
        return (err > 1e-5) & (i < 100)

    def body(state):
        i, x, _ = state
        x_new = jnp.tanh(W @ x + b)
        return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

    _, x, _ = lax.while_loop(cond, body, (0, x0, jnp.float32(1.0)))
    return x


W = jnp.array([[0.2, -0.1], [0.3, 0.1]])
b = jnp.array([0.5, -0.5])
print(jax.jacfwd(lambda b: fixed_point((W, b)))(b))
