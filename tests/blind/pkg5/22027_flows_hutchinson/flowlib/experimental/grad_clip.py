import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped_tanh(x):
    return jnp.tanh(x)


def _fwd(x):
    y = jnp.tanh(x)
    return y, y


def _bwd(y, g):
    return (jnp.clip(g * (1 - y ** 2), -1.0, 1.0),)


clipped_tanh.defvjp(_fwd, _bwd)
