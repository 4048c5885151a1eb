import jax
import jax.numpy as jnp

__all__ = ["softplus", "log_sigmoid"]


@jax.custom_vjp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


def _softplus_fwd(x):
    return softplus(x), x


def _softplus_bwd(x, g):
    return (g * jax.nn.sigmoid(x),)


softplus.defvjp(_softplus_fwd, _softplus_bwd)


def log_sigmoid(x):
    return -softplus(-x)
