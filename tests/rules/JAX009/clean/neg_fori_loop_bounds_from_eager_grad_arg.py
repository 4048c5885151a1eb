"""fori_loop bounds derived from the differentiated argument under eager grad (no jit around):
the bounds are concrete, JAX turns the loop into a scan and grad works."""
import jax
import jax.numpy as jnp
from jax import lax


def horizon_loss(rate):
    steps = jnp.floor(rate * 4.0).astype(jnp.int32) + 1

    def decay(i, value):
        return value * (1.0 - 0.1 * rate)

    return lax.fori_loop(0, steps, decay, rate)


def shifted(start):
    return lax.fori_loop(start, start + 2.0, lambda i, c: c * 2.0, start)


print(jax.grad(horizon_loss)(0.8))
print(jax.value_and_grad(shifted)(1.0))
print(jax.jacrev(horizon_loss)(0.8))
