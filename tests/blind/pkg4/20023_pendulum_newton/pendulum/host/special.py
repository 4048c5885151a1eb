import numpy as np
import jax
import jax.numpy as jnp
from scipy import special as sps


def _k(m):
    return np.asarray(sps.ellipk(np.asarray(m)), np.float32)


def _e(m):
    return np.asarray(sps.ellipe(np.asarray(m)), np.float32)


def ellipk_cb(m):
    return jax.pure_callback(_k, jax.ShapeDtypeStruct(jnp.shape(m), jnp.float32), m, vmap_method="sequential")


def ellipe_cb(m):
    return jax.pure_callback(_e, jax.ShapeDtypeStruct(jnp.shape(m), jnp.float32), m, vmap_method="sequential")
