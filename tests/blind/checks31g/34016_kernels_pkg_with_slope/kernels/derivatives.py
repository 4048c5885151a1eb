import jax.numpy as jnp

from .activations import squareplus


@squareplus.defjvp
def _squareplus_jvp(primals, tangents):
    x, b = primals
    x_dot, b_dot = tangents
    root = jnp.sqrt(x * x + b)
    y = 0.5 * (x + root)
    slope = 0.5 * (1.0 + x / root)
    dslope_dx = 0.5 * b / root**3
    dy_db, dslope_db = 0.25 / root, -0.25 * x / root**3
    return (y, slope), (slope * x_dot + dy_db * b_dot, dslope_dx * x_dot + dslope_db * b_dot)
