"""a reading sampled by a NumPy generator with size=(3,) is 1-d: the vmap branch for stacks is never taken"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def note(v):
    return None


def process(x):
    if x.ndim > 1:
        return jax.vmap(process)(x)
    io_callback(note, None, x, ordered=True)
    return x * 2.0


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    print(jax.jit(process)(jnp.asarray(rng.normal(size=(3,)), dtype=jnp.float32)))
