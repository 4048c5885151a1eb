import jax
import jax.numpy as jnp

from pipeflow import pressure_drop

D, L = 0.01, 2.0
v = jnp.float32(0.1)   # slow, laminar

dp = pressure_drop(v, D, L)
print("pressure drop [Pa]:", float(dp))

dp_dv = jax.grad(pressure_drop)(v, D, L)
print("d dp / dv:", float(dp_dv))
