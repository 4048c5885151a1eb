import jax.numpy as jnp

from .ops import log_cdf


def _log_cdf_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    out = log_cdf(z)
    # d/dz log Phi(z) = phi(z) / Phi(z)
    mills = jnp.exp(-0.5 * z**2 - 0.5 * jnp.log(2 * jnp.pi) - out)
    return out, mills * dz


log_cdf.defjvp(_log_cdf_jvp)
