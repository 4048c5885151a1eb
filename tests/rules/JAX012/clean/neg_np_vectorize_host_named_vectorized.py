"""A host function made with np.vectorize and named `vectorized`: no keyword is passed."""
import math

import jax
import jax.numpy as jnp
import numpy as np

vectorized = np.vectorize(lambda v: math.gamma(v), otypes=[np.float32])


def gamma(x):
    return jax.pure_callback(vectorized, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


print(jax.jit(gamma)(jnp.array([1.0, 2.0, 3.0])))
