import jax.numpy as jnp
from hostmath import i0e_host


def von_mises_logpdf(theta, mu, kappa):
    # log I0(kappa) = log(i0e(kappa)) + kappa
    log_norm = jnp.log(2 * jnp.pi * i0e_host(kappa)) + kappa
    return kappa * jnp.cos(theta - mu) - log_norm


def neg_loglik(params, angles):
    mu, log_kappa = params
    kappa = jnp.exp(log_kappa)
    return -jnp.sum(von_mises_logpdf(angles, mu, kappa))
