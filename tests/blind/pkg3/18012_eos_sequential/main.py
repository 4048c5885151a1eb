import jax.numpy as jnp

import thermo


def eos(rho, T):
    return thermo.table_lookup(rho, T, name="ideal")


rho = jnp.linspace(0.5, 1.5, 6)
T = jnp.linspace(250.0, 500.0, 6)

print("single cell:", float(eos(rho[0], T[0])))
P = thermo.pressure_map(eos, rho, T)
print("pressures:", P)
