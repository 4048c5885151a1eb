import numpy as np
import jax
import jax.numpy as jnp
from scipy import special


def _i0e_host(x):
    return np.asarray(special.i0e(np.asarray(x)), dtype=np.float32)


def bessel_envelope(x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_i0e_host, spec, x, vmap_method="expand_dims")
