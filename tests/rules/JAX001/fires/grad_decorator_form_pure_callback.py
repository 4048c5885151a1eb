"""`@jax.grad` used as a decorator on a function that calls the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_arcsinh(v):
    return np.arcsinh(np.asarray(v)).astype(np.float32)


@jax.grad
def dloss(x):
    y = jax.pure_callback(host_arcsinh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX001
    return jnp.sum(y)


print(dloss(jnp.array([0.0, 1.0, 2.0])))
