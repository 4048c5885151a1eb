import jax
import jax.numpy as jnp

from ..backends.scipy_special import log_cdf

safe_log_cdf = jax.custom_jvp(log_cdf)


@safe_log_cdf.defjvp
def _(primals, tangents):
    z, = primals
    dz, = tangents
    lc = safe_log_cdf(z)
    dens = jnp.exp(-0.5 * z ** 2 - lc) / jnp.sqrt(2.0 * jnp.pi)
    return lc, dens * dz


def _probit(theta, x, y):
    m = x @ theta
    return -(y * safe_log_cdf(m) + (1.0 - y) * safe_log_cdf(-m))


_OBJ = {"probit": _probit}


def objective(name):
    return _OBJ[name]
