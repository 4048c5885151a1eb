"""grad through a Newton solve written with lax.while_loop (tolerance-based stopping)."""
import jax
import jax.numpy as jnp
from jax import lax


def sqrt_newton(a, tol=1e-6):
    def cond(state):
        x, x_prev = state
        return jnp.abs(x - x_prev) > tol

    def body(state):
        x, _ = state
        return 0.5 * (x + a / x), x

    x, _ = lax.while_loop(cond, body, (a, a + 1.0))  # EXPECT: JAX009
    return x


print(sqrt_newton(2.0))
print(jax.grad(sqrt_newton)(2.0))
