import jax

from .config import JAC_ARGNUMS


def input_jacobian(net, x, key):
    return jax.jacfwd(net.__call__, argnums=JAC_ARGNUMS)(x, key)
