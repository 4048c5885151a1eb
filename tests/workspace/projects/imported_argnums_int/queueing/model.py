import jax.numpy as jnp

from .settings import SERVICE_RATE


def mean_wait(arrival_rate, servers):
    load = arrival_rate / (servers * SERVICE_RATE)
    return load / (SERVICE_RATE * (1.0 - jnp.minimum(load, 0.99)))
