"""Notebook export: the io_callback host `match`es on the global `DRAW`, set to "jax" in a
later cell before the run: the host draws with `jax.random.uniform`."""
# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

DRAW = "numpy"


def draw(i):
    seed = int(np.asarray(i))
    match DRAW:
        case "jax":
            u = float(jax.random.uniform(jax.random.PRNGKey(seed)))  # EXPECT: JAX011
        case "numpy":
            u = float(np.random.default_rng(seed).random())
        case other:
            raise ValueError(other)
    return np.float32(u)


@jax.jit
def sample(i):
    return io_callback(draw, jax.ShapeDtypeStruct((), jnp.float32), i)


# %%
DRAW = "jax"
print(sample(3))
