"""A keyword for the host function (`vectorize`, not `vectorized`) passed through the callback."""
import jax
import jax.numpy as jnp
import numpy as np


def host_poly(x, vectorize):
    a = np.asarray(x)
    return (np.polyval([1.0, 0.0, -1.0], a) if vectorize else a * 0).astype(np.float32)


def f(x):
    return jax.pure_callback(host_poly, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vectorize=True)


print(jax.jit(f)(jnp.array([2.0, 3.0])))
