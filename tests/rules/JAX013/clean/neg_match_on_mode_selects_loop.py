"""Notebook export: `run_all` `match`es on its mode; the cells pass "loop" and then "scan",
never "batched", so the `jax.vmap` case never runs the ordered io_callback."""
# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _save(x):
    np.asarray(x)
    return np.int32(0)


def write(x):
    return io_callback(_save, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)


def run_all(mode, xs):
    match mode:
        case "loop":
            return [write(x) for x in xs]
        case "scan":
            return jax.lax.scan(lambda c, x: (c + write(x), None), jnp.int32(0), xs)
        case "batched":
            return jax.vmap(write)(xs)
        case other:
            raise ValueError(other)


MODE = "loop"
run_all(MODE, jnp.ones((3, 2)))

# %%
MODE = "batched"

# %%
MODE = "scan"
run_all(MODE, jnp.ones((3, 2)))
