import jax
import jax.numpy as jnp

import pipeflow
from pipeflow import pressure_drop

D, L = 0.01, 2.0

# turbulent case: value only
print("dp at 2 m/s [Pa]:", float(pressure_drop(jnp.float32(2.0), D, L)))

# slow flow: the laminar correlation is exact, use it for the sensitivity
pipeflow.FLOW.regime = "laminar"
v = jnp.float32(0.1)
dp_dv = jax.grad(pressure_drop)(v, D, L)
print("d dp / dv:", float(dp_dv))
