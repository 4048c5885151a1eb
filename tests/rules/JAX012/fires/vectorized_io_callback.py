"""io_callback never had `vectorized=`: it is passed on to the host function as well."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def host_store(x):
    return np.asarray(x, dtype=np.float32)


def f(x):
    return io_callback(host_store, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vectorized=True)  # EXPECT: JAX012


print(jax.jit(f)(jnp.ones(2)))
