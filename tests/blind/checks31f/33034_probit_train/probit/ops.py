import jax
import jax.numpy as jnp

from . import hosts


@jax.custom_jvp
def log_cdf(z):
    """log Phi(z) computed by SciPy's special.log_ndtr on the host."""
    spec = jax.ShapeDtypeStruct(z.shape, z.dtype)
    return jax.pure_callback(hosts.log_ndtr_host, spec, z, vectorized=True)
