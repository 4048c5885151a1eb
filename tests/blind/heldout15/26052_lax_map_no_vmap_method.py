import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from scipy.linalg import expm


def _host_expm(a):
    return expm(np.asarray(a)).astype(np.float32)


def matrix_exp(a):
    return jax.pure_callback(_host_expm, jax.ShapeDtypeStruct(a.shape, a.dtype), a)


gens = jnp.stack([jnp.array([[0.0, t], [-t, 0.0]]) for t in (0.1, 0.5, 1.0)])

# one matrix at a time: lax.map is a scan, nothing gets batched
rots = lax.map(matrix_exp, gens)
print(rots.shape)
print(jnp.round(rots[-1], 3))

traces = lax.map(lambda a: jnp.trace(matrix_exp(a)), gens)
print(traces)
