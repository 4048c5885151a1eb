# Models a chemical-kinetics app whose config selects a SciPy solve_ivp backend (pure_callback) and a driver that vmaps over initial concentrations.
import jax.numpy as jnp

from kinetics import config
from kinetics.driver import sweep_initial_conditions


if __name__ == "__main__":
    y0s = jnp.array([[1.0, 0.0], [0.8, 0.2], [0.5, 0.5]])
    rates = jnp.array([0.7, 0.3])
    finals = sweep_initial_conditions(y0s, rates, t_end=config.SETTINGS["t_end"])
    print(finals)
