"""A dataclass converts its string field to an enum member in `__post_init__`; `is` picks jnp."""
import dataclasses
import enum

import numpy as np
import jax
import jax.numpy as jnp


class Backend(enum.Enum):
    NUMPY = "numpy"
    JAX = "jax"


def _norm_np(x):
    return np.asarray(np.linalg.norm(np.asarray(x)), dtype=np.float32)


def _norm_jnp(x):
    return np.asarray(jnp.linalg.norm(np.asarray(x)), dtype=np.float32)  # EXPECT: JAX011


@dataclasses.dataclass
class NormConfig:
    backend: Backend = Backend.NUMPY
    host: object = dataclasses.field(init=False, default=None)

    def __post_init__(self):
        self.backend = Backend(self.backend)
        self.host = _norm_jnp if self.backend is Backend.JAX else _norm_np


cfg = NormConfig(backend="jax")
spec = jax.ShapeDtypeStruct((), jnp.float32)
print(jax.jit(lambda x: jax.pure_callback(cfg.host, spec, x))(jnp.arange(3.0)))
