"""An ordered io_callback flag read through a ChainMap view, overridden to False by a helper
before the vmap: the callback is unordered and vmap runs it."""
from collections import ChainMap

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SITE = {"ordered": True}
OVERRIDES = {}
OPTIONS = ChainMap(OVERRIDES, SITE)


def _log(q):
    return np.float32(0.0)


def f(x):
    io_callback(_log, jax.ShapeDtypeStruct((), jnp.float32), x.sum(), ordered=OPTIONS["ordered"])
    return x * 2


def set_flag(name, value):
    OVERRIDES[name] = value


if __name__ == "__main__":
    set_flag("ordered", False)
    print(jax.vmap(f)(jnp.ones((2, 3))))
