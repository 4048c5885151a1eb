"""a stack of readings sampled by a NumPy generator with size=(4, 3) is 2-d: each row goes through the ordered io_callback under vmap"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def note(v):
    return None


def process(x):
    if x.ndim > 1:
        return jax.vmap(process)(x)
    io_callback(note, None, x, ordered=True)  # EXPECT: JAX013
    return x * 2.0


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    print(jax.jit(process)(jnp.asarray(rng.normal(size=(4, 3)), dtype=jnp.float32)))
