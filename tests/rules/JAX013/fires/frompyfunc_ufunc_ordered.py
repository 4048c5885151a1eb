"""A ufunc made by jnp.frompyfunc applies its function elementwise with vmap: an ordered
io_callback on an element is batched."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def log_pair(a, b):
    return None


def scaled_sum(a, b):
    io_callback(log_pair, None, a, b, ordered=True)  # EXPECT: JAX013
    return a + 2.0 * b


if __name__ == "__main__":
    add2 = jnp.frompyfunc(scaled_sum, 2, 1)
    print(add2(jnp.ones(3), jnp.arange(3.0)))
