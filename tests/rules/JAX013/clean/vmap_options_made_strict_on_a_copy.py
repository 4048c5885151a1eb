"""`make_strict(dict(opts))` stores `ordered=True` into a copy: the `opts` of the main block,
spread into the io_callback under vmap, stays unordered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

TRACE = []
BASE_OPTS = {"ordered": False}


def _keep(x):
    TRACE.append(np.asarray(x))
    return np.int32(0)


def make_strict(options):
    options["ordered"] = True


def step(x, opts):
    io_callback(_keep, jax.ShapeDtypeStruct((), jnp.int32), x, **opts)
    return x + 1.0


if __name__ == "__main__":
    opts = BASE_OPTS
    make_strict(dict(opts))
    print(jax.vmap(step, in_axes=(0, None))(jnp.arange(3.0), opts))
