"""jacfwd of an ODE solution whose vector field closes over the differentiated rate: odeint is
a custom_vjp that takes the closed-over rate as an input.

Re-expresses jax's tests/ode_test.py (test_forward_mode_error).
"""

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def final_population(rate):
    times = jnp.linspace(0.0, 1.0, 20)
    trajectory = odeint(lambda y, t: rate * y, 1.0, times)  # EXPECT: JAX005
    return trajectory[-1]


sensitivity = jax.jacfwd(final_population)(0.3)
