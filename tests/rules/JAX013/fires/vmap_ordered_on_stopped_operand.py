"""stop_gradient does not unbatch: the ordered io_callback's operand is still batched by vmap."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def log(v):
    return None


def step(x):
    io_callback(log, None, jax.lax.stop_gradient(x), ordered=True)  # EXPECT: JAX013
    return x * 2.0


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.ones(3)))
