"""A pydantic model constructed with ordered=False: the io_callback under vmap is unordered"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from pydantic import BaseModel


class RunConfig(BaseModel):
    ordered: bool = True
    scale: float = 2.0


def log_host(x):
    return np.asarray(x) * 2


def step(cfg, x):
    return io_callback(log_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=cfg.ordered)


cfg = RunConfig(ordered=False)
print(jax.vmap(lambda x: step(cfg, x))(jnp.ones((3, 2))))
