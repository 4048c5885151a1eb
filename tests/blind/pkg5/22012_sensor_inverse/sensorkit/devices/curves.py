import jax.numpy as jnp

_CURVES = {
    "thermistor": (lambda x, g: g * jnp.tanh(x), lambda x, g: g / jnp.cosh(x) ** 2),
    "linear": (lambda x, g: g * x, lambda x, g: g * jnp.ones_like(x)),
}


def make(kind):
    return _CURVES[kind]
