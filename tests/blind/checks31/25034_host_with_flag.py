import numpy as np
import jax
import jax.numpy as jnp


def host_norm(x, vectorized=False):
    x = np.asarray(x)
    if bool(vectorized):
        return np.linalg.norm(x, axis=-1).astype(np.float32)
    return np.float32(np.linalg.norm(x))


def row_norms(m):
    spec = jax.ShapeDtypeStruct(m.shape[:-1], m.dtype)
    return jax.pure_callback(host_norm, spec, m, vectorized=True)


print(jax.jit(row_norms)(jnp.arange(6.0).reshape(2, 3)))
