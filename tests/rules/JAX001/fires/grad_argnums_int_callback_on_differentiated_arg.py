"""grad with argnums=1: the callback is applied to the differentiated second argument."""
import jax
import jax.numpy as jnp
import numpy as np


def host_sqrt(a):
    return np.sqrt(np.asarray(a)).astype(np.float32)


def loss(data, scale):
    s = jax.pure_callback(host_sqrt, jax.ShapeDtypeStruct(scale.shape, scale.dtype), scale)  # EXPECT: JAX001
    return jnp.sum(data * s)


print(jax.grad(loss, argnums=1)(jnp.ones(3), jnp.array([1.0, 4.0, 9.0])))
