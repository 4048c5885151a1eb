"""fori_loop bound computed from a concrete (non-jitted, non-differentiated) mask: JAX reads it as static, grad works."""
import jax
import jax.numpy as jnp
from jax import lax


def masked_cumulative(x, mask):
    n = jnp.sum(mask).astype(jnp.int32)

    def body(i, acc):
        return acc + x[i] ** 2

    return lax.fori_loop(0, n, body, 0.0)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
mask = jnp.array([1, 1, 1, 0])
print(jax.value_and_grad(masked_cumulative)(x, mask))
