"""Notebook export: `DRAW` starts as "jax" but a later cell sets it to "numpy" before the
first run: the host's `match` only ever takes the NumPy case."""
# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

DRAW = "jax"


def draw(i):
    seed = int(np.asarray(i))
    match DRAW:
        case "jax":
            u = float(jax.random.uniform(jax.random.PRNGKey(seed)))
        case "numpy":
            u = float(np.random.default_rng(seed).random())
        case other:
            raise ValueError(other)
    return np.float32(u)


@jax.jit
def sample(i):
    return io_callback(draw, jax.ShapeDtypeStruct((), jnp.float32), i)


# %%
DRAW = "numpy"
print(sample(3))
