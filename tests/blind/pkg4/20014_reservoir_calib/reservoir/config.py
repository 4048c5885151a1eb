import jax.numpy as jnp


def load_config():
    return {
        "horizon": jnp.array(3.0),
        "dt": 0.25,
        "inflow": 0.8,
        "loss": "squared",
        "k0": 0.5,
    }
