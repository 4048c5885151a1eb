import jax.numpy as jnp

from .host import lgamma


def nb_logpmf(k, mu, alpha):
    r = 1.0 / alpha
    return (lgamma(k + r) - lgamma(r) - lgamma(k + 1.0)
            + r * jnp.log(r / (r + mu)) + k * jnp.log(mu / (r + mu)))


def neg_log_lik(params, X, y):
    w, b, log_alpha = params["w"], params["b"], params["log_alpha"]
    mu = jnp.exp(X @ w + b)
    return -jnp.mean(nb_logpmf(y, mu, jnp.exp(log_alpha)))
