import jax
import jax.numpy as jnp

from .host import lgamma


@jax.jit
def saturated_loglik(y):
    # log-likelihood of the saturated Poisson model, used for deviance
    safe = jnp.where(y > 0, y, 1.0)
    return jnp.sum(jnp.where(y > 0, y * jnp.log(safe), 0.0) - y - lgamma(y + 1.0))


def deviance(nll, y):
    return 2.0 * (saturated_loglik(y) + nll * y.shape[0])
