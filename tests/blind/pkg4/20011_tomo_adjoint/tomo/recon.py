import jax
import jax.numpy as jnp

from tomo import operators as ops


def landweber(sino, n_iter=5, step=0.1):
    x = jnp.zeros(ops.N_PIX, jnp.float32)
    adjoint = jax.linear_transpose(ops.radon, x)
    for _ in range(n_iter):
        resid = ops.radon(x) - sino
        (g,) = adjoint(resid)
        x = x - step * g
    return x
