import math

import numpy as np
import jax
import jax.numpy as jnp


def sin(x):
    return np.array([math.sin(float(v)) for v in np.ravel(x)], dtype=np.float32).reshape(np.shape(x))


def smooth(x):
    s = jax.pure_callback(sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sin(x) + s


print(jax.jit(smooth)(jnp.array([0.0, 0.5, 1.0])))
