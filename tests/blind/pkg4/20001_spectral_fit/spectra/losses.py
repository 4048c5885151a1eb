import jax.numpy as jnp


def _mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def _huber(pred, target, delta=0.5):
    r = jnp.abs(pred - target)
    return jnp.mean(jnp.where(r < delta, 0.5 * r**2, delta * (r - 0.5 * delta)))


LOSSES = {"mse": _mse, "huber": _huber}


def get_loss(name):
    return LOSSES[name]
