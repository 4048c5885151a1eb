import jax.numpy as jnp


def mse(a, b):
    return jnp.mean((a - b) ** 2)


def mae(a, b):
    return jnp.mean(jnp.abs(a - b))


def pick(name):
    return {"mse": mse, "mae": mae}[name]
