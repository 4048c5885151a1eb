import numpy as np
import jax
import jax.numpy as jnp

_GAINS = np.array([0.5, 1.0, 1.5, 2.0, 3.0], dtype=np.float32)


def gain_for(idx):
    return jax.pure_callback(lambda i: _GAINS[i].astype(np.float32),
                             jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx,
                             vmap_method="expand_dims")


def nearest(centers, x):
    d = jnp.abs(x[:, None] - centers[None, :])
    return jnp.argmin(d, axis=1)
