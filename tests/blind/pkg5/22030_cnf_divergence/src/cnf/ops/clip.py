import jax
import jax.numpy as jnp


def _softsign(x):
    return x / (1.0 + jnp.abs(x))


softsign_clipgrad = jax.custom_vjp(_softsign)


def _f(x):
    return _softsign(x), x


def _b(x, ct):
    d = 1.0 / (1.0 + jnp.abs(x)) ** 2
    return (jnp.clip(ct * d, -0.5, 0.5),)


softsign_clipgrad.defvjp(_f, _b)
