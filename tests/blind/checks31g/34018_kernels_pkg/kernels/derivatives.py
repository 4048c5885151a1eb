import jax.numpy as jnp

from .activations import squareplus


@squareplus.defjvp
def _squareplus_jvp(primals, tangents):
    x, b = primals
    x_dot, b_dot = tangents
    root = jnp.sqrt(x * x + b)
    y = 0.5 * (x + root)
    dy_dx = 0.5 * (1.0 + x / root)
    dy_db = 0.25 / root
    return y, (dy_dx * x_dot, dy_db * b_dot)
