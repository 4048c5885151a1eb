"""jacfwd of a function that scales an ODE solution whose vector field closes over a constant:
no tangent reaches odeint's custom_vjp, so JAX runs it (near miss of
odeint_closure_rate_jacfwd.py)."""

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

DECAY = 0.5


def scaled_total(scale):
    times = jnp.linspace(0.0, 1.0, 20)
    trajectory = odeint(lambda y, t: -DECAY * y, 1.0, times)
    return scale * trajectory.sum()


print(jax.jacfwd(scaled_total)(3.0))
