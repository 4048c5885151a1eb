"""grad of a loss whose erf comes from `from jax import pure_callback as pc`."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special
from jax import pure_callback as pc


def _erf_host(z):
    return scipy.special.erf(np.asarray(z)).astype(np.float32)


def smooth_clip(z):
    return pc(_erf_host, jax.ShapeDtypeStruct(z.shape, z.dtype), z)  # EXPECT: JAX001


def loss(w, data):
    return jnp.mean(smooth_clip(data @ w))


data = jnp.arange(6.0).reshape(3, 2) / 6.0
w = jnp.array([0.5, -0.25])
print(jax.grad(loss)(w, data))
