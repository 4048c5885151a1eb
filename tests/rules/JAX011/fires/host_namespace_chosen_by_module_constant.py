"""The host's array namespace is chosen at import by a module constant: it is `jax.numpy`."""
import jax
import jax.numpy as jnp
import numpy as np

USE_JAX_KERNELS = True

if USE_JAX_KERNELS:
    xp = jnp
else:
    xp = np


def cumulative_trapezoid(y):
    y = np.asarray(y)
    return np.asarray(xp.cumsum((y[1:] + y[:-1]) / 2), dtype=np.float32)  # EXPECT: JAX011


@jax.jit
def integrate(y):
    out = jax.ShapeDtypeStruct((y.shape[0] - 1,), jnp.float32)
    return jax.pure_callback(cumulative_trapezoid, out, y)


print(integrate(jnp.arange(5.0)))
