"""grad (reverse mode) of an ODE solution whose vector field closes over the differentiated
rate: odeint's custom_vjp has a reverse rule, so JAX runs it (near miss of
odeint_closure_rate_jacfwd.py)."""

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def final_population(rate):
    times = jnp.linspace(0.0, 1.0, 20)
    trajectory = odeint(lambda y, t: rate * y, 1.0, times)
    return trajectory[-1]


print(jax.grad(final_population)(0.3))
