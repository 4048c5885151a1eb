import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import expit as _expit


def host_expit(z):
    spec = jax.ShapeDtypeStruct(jnp.shape(z), jnp.float32)
    return jax.pure_callback(lambda v: _expit(np.asarray(v)).astype(np.float32), spec, z,
                             vmap_method="expand_dims")
