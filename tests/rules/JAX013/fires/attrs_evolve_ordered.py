"""attrs.evolve switches the converted flag on before vmap"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
import attrs


@attrs.frozen
class RunConfig:
    scale: float = attrs.field(default=2, converter=float)
    _ordered: bool = attrs.field(default="", converter=bool)


def log_host(x):
    return np.asarray(x) * 2


def step(cfg, x):
    return io_callback(log_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=cfg._ordered)  # EXPECT: JAX013


cfg = attrs.evolve(RunConfig(), ordered="on")
print(jax.vmap(lambda x: step(cfg, x))(jnp.ones((3, 2))))
