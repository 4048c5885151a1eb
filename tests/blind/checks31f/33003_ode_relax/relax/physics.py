"""Right-hand sides of a damped two-species relaxation model."""
import numpy as np
import jax.numpy as jnp

RATE = 0.7
COUPLING = 0.3


def rhs_device(y, k):
    """Used inside jitted code."""
    return -RATE * y + COUPLING * jnp.tanh(k * y[::-1])


def rhs_host(y, k):
    """Pure NumPy twin, safe to call from a host callback."""
    return -RATE * y + COUPLING * np.tanh(k * y[::-1])


def rhs_compiled(y, k):
    """Reference version written with jax.numpy."""
    return -RATE * y + COUPLING * jnp.tanh(k * y[::-1])
