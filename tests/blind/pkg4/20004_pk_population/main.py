# Models a population pharmacokinetics app: a dataclass config picks a pure-jnp integrator at import time; the SciPy odeint callback path exists but is not selected before vmap over patients.
import jax.numpy as jnp

import pkmodel.simulate as sim
from pkmodel.config import DEFAULT


def main():
    clearances = jnp.array([0.2, 0.35, 0.5, 0.9])
    conc = sim.population_curves(clearances, dose=DEFAULT.dose)
    print(conc.shape, conc[:, -1])


main()
