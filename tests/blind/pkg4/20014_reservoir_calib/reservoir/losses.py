import jax.numpy as jnp

REGISTRY = {
    "squared": lambda pred, obs: (pred - obs) ** 2,
    "relative": lambda pred, obs: ((pred - obs) / obs) ** 2,
}
