"""in_axes for the rate from np.ndim: a vector of rates is batched into the ordered io_callback"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def note(lr):
    return None


def step(w, lr):
    io_callback(note, None, lr, ordered=True)  # EXPECT: JAX013
    return w - lr


def sweep(ws, lr):
    axis = None if np.ndim(lr) == 0 else 0
    return jax.vmap(step, in_axes=(0, axis))(ws, lr)


if __name__ == "__main__":
    print(sweep(jnp.zeros(3), jnp.array([0.1, 0.2, 0.3])))
