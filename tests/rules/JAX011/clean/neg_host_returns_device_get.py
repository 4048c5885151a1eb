"""The host hands back `jax.device_get(y)` (a NumPy array): a conversion, no JAX memory."""
import jax
import jax.numpy as jnp
import numpy as np

def host(x):
    y = np.cumsum(np.asarray(x))
    return jax.device_get(y)

print(jax.jit(lambda x: jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones(3)))
