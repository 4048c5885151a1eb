"""An embedded INI section turns the logger callback ordered; the callback is vmapped."""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

INI = """
[logger]
sequential = yes
"""
LINES = []


def _log(x):
    LINES.append(float(np.asarray(x)))
    return np.float32(x)


cfg = configparser.ConfigParser()
cfg.read_string(INI)
sequential = cfg["logger"].getboolean("sequential", fallback=False)


def logged(x):
    return io_callback(_log, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                       ordered=sequential)


print(jax.vmap(logged)(jnp.arange(3.0)))
