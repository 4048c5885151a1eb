"""Near miss: the subclass's `legacy` field, second after the base's `scale`, is False."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Base:
    scale: float


@dataclass
class Batched(Base):
    legacy: bool = False

    def options(self):
        return {"vectorized": True} if self.legacy else {"vmap_method": "sequential"}


def host(x):
    return (np.asarray(x) * 2.0).astype(np.float32)


def apply(cfg, x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host, spec, x * cfg.scale, **cfg.options())


if __name__ == "__main__":
    cfg = Batched(2.0, False)
    print(jax.jit(lambda x: apply(cfg, x))(jnp.ones(3)))
