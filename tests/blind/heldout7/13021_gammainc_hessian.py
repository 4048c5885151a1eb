"""Poisson log-likelihood through the regularised incomplete gamma function; the
derivative rule asks scipy for the pdf on the host. Newton step needs the Hessian."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import stats


def _cdf_host(k, lam):
    return stats.gamma.sf(lam, k + 1).astype(np.float32)


def _pdf_host(k, lam):
    return stats.gamma.pdf(lam, k + 1).astype(np.float32)


@jax.custom_jvp
def poisson_cdf(k, lam):
    return jax.pure_callback(_cdf_host, jax.ShapeDtypeStruct(lam.shape, jnp.float32), k, lam,
                             vmap_method="broadcast_all")


@poisson_cdf.defjvp
def _poisson_cdf_jvp(primals, tangents):
    k, lam = primals
    _, dlam = tangents
    pdf = jax.pure_callback(_pdf_host, jax.ShapeDtypeStruct(lam.shape, jnp.float32), k, lam,
                            vmap_method="broadcast_all")
    return poisson_cdf(k, lam), -pdf * dlam


counts = jnp.array([2.0, 3.0, 5.0])


def nll(log_lam):
    lam = jnp.exp(log_lam) * jnp.ones(3)
    return -jnp.sum(jnp.log(poisson_cdf(counts, lam)))


x = jnp.float32(1.0)
g = jax.grad(nll)(x)
print("gradient", g)
h = jax.hessian(nll)(x)
print("newton step", x - g / h)
