import jax
import jax.numpy as jnp

from .host import bessel_i0


def log_normalizer(kappa):
    return jnp.log(2 * jnp.pi * bessel_i0(kappa))


def nll(params, theta):
    mu, log_kappa = params
    kappa = jnp.exp(log_kappa)
    return jnp.mean(log_normalizer(kappa) - kappa * jnp.cos(theta - mu))


def fisher_information(params, theta):
    return jax.hessian(nll)(params, theta)
