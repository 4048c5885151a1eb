"""Gaussian log-density terms as a dict with matching dict tangents; curvature via jax.hessian."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def gaussian_terms(x, mu, log_sigma):
    z = (x - mu) * jnp.exp(-log_sigma)
    return {"quad": -0.5 * z ** 2, "norm": -log_sigma}


@gaussian_terms.defjvp
def gaussian_terms_jvp(primals, tangents):
    x, mu, log_sigma = primals
    dx, dmu, dls = tangents
    out = gaussian_terms(x, mu, log_sigma)
    z = (x - mu) * jnp.exp(-log_sigma)
    dz = (dx - dmu) * jnp.exp(-log_sigma) - z * dls
    return out, {"norm": -dls, "quad": -z * dz}


def log_density(theta, x):
    terms = gaussian_terms(x, theta[0], theta[1])
    return terms["quad"] + terms["norm"]


print(jax.hessian(log_density)(jnp.array([0.3, -0.2]), 1.5))
