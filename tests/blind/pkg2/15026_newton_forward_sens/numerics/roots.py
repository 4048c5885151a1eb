import jax
import jax.numpy as jnp
from jax import lax


def newton_solve(residual, x0, params, tol=1e-6, max_iter=40):
    dres = jax.grad(residual)

    def cond(c):
        x, k = c
        return (jnp.abs(residual(x, params)) > tol) & (k < max_iter)

    def body(c):
        x, k = c
        return x - residual(x, params) / dres(x, params), k + 1

    return lax.while_loop(cond, body, (x0, 0))[0]
