"""A lambda given as the host function calls jnp.cumsum."""
import jax
import jax.numpy as jnp


def running_total(x):
    return jax.pure_callback(
        lambda v: jnp.cumsum(v),  # EXPECT: JAX011
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
    )


print(jax.jit(running_total)(jnp.arange(4.0)))
