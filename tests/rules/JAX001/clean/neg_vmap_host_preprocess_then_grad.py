"""vmap runs a host preprocessing step on the raw data; grad only sees its (constant) result."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.signal

host_filter = lambda row: scipy.signal.lfilter([0.5, 0.5], [1.0], np.asarray(row)).astype(np.float32)


def smooth(row):
    return jax.pure_callback(host_filter, jax.ShapeDtypeStruct(row.shape, row.dtype), row, vmap_method="sequential")


raw = jnp.arange(12.0).reshape(3, 4)
features = jax.vmap(smooth)(raw)


def loss(w):
    return jnp.mean((features @ w) ** 2)


print(jax.grad(loss)(jnp.ones(4)))
