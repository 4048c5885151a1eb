import jax
import jax.numpy as jnp
from jax import lax


def newton(f, x0, tol=1e-6, max_iter=50):
    df = jax.grad(f)

    def cond(state):
        x, it = state
        return (jnp.abs(f(x)) > tol) & (it < max_iter)

    def body(state):
        x, it = state
        return x - f(x) / df(x), it + 1

    x, _ = lax.while_loop(cond, body, (x0, 0))
    return x
