import jax.numpy as jnp

from pendulum.diff.rules import ellipk

G = 9.81


def period(amp, length):
    m = jnp.sin(amp / 2.0) ** 2
    return 4.0 * jnp.sqrt(length / G) * ellipk(m)
