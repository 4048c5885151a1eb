"""jnp.vectorize and a `vectorized` local, with a callback that has neither."""
import jax
import jax.numpy as jnp
import numpy as np


def host_sq(x):
    return np.square(np.asarray(x)).astype(np.float32)


@jnp.vectorize
def scalar_fn(x):
    return jax.pure_callback(host_sq, jax.ShapeDtypeStruct((), jnp.float32), x,
                             vmap_method="sequential")


vectorized = scalar_fn(jnp.arange(3.0))
print(vectorized)
