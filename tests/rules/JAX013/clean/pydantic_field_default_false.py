"""Field(default=False) leaves the io_callback unordered under vmap"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from pydantic import BaseModel, Field


class RunConfig(BaseModel):
    ordered: bool = Field(default=False, description="keep host calls in order")
    scale: float = 2.0


def log_host(x):
    return np.asarray(x) * 2


def step(cfg, x):
    return io_callback(log_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=cfg.ordered)


cfg = RunConfig()
print(jax.vmap(lambda x: step(cfg, x))(jnp.ones((3, 2))))
