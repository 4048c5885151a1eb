"""in_axes for the rate from np.ndim: a Python float rate (ndim 0) is not batched"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def note(lr):
    return None


def step(w, lr):
    io_callback(note, None, lr, ordered=True)
    return w - lr


def sweep(ws, lr):
    axis = None if np.ndim(lr) == 0 else 0
    return jax.vmap(step, in_axes=(0, axis))(ws, lr)


if __name__ == "__main__":
    print(sweep(jnp.zeros(3), 0.05))
