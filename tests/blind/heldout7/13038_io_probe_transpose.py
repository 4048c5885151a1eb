"""Linear sensor model: a field is sampled at probe points and each sample is streamed to a
data logger. The observation operator's adjoint is formed with linear_transpose."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

logged = []


def _logger(samples):
    logged.append(np.asarray(samples).copy())
    return samples


H = jnp.asarray(np.eye(10, dtype=np.float32)[[1, 4, 7]])


def observe(field):
    samples = H @ field
    return io_callback(_logger, jax.ShapeDtypeStruct(samples.shape, samples.dtype), samples)


field = jnp.sin(jnp.linspace(0, 3, 10))
print(observe(field))
H_adj = jax.linear_transpose(observe, field)
print(H_adj(jnp.ones(3, jnp.float32)))
