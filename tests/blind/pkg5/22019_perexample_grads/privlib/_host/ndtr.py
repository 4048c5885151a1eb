import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _host_log_ndtr(z):
    return np.asarray(special.log_ndtr(z), np.float32)


@jax.custom_jvp
def log_ndtr(z):
    return jax.pure_callback(_host_log_ndtr, jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


@log_ndtr.defjvp
def _log_ndtr_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    y = log_ndtr(z)
    pdf = jnp.exp(-0.5 * z * z) / jnp.sqrt(2 * jnp.pi)
    return y, pdf / jnp.exp(y) * dz
