"""Pipe-flow friction: options are copied with model_copy(update=...) and spread into the call."""
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jaxtyping import Array, Float
from pydantic import BaseModel, ConfigDict
from scipy.optimize import brentq


class HostOptions(BaseModel):
    model_config = ConfigDict(extra="ignore")
    vmap_method: Optional[str] = None


def _colebrook(re: float, rel_rough: float) -> float:
    g = lambda f: 1 / np.sqrt(f) + 2 * np.log10(rel_rough / 3.7 + 2.51 / (re * np.sqrt(f)))
    return brentq(g, 1e-4, 0.2)


def friction_host(reynolds, roughness):
    re = np.asarray(reynolds, dtype=np.float64)
    eps = float(np.asarray(roughness))
    return np.array([_colebrook(r, eps) for r in re], dtype=np.float32)


def head_loss(v: Float[Array, "n"], d: float, length: float, opts: HostOptions) -> Float[Array, "n"]:
    re = v * d / 1.0e-6
    f = jax.pure_callback(friction_host, jax.ShapeDtypeStruct(v.shape, jnp.float32),
                          re, jnp.float32(1e-4), **opts.model_dump(exclude_none=True))
    return f * length / d * v ** 2 / (2 * 9.81)


if __name__ == "__main__":
    base = HostOptions()
    opts = base.model_copy(update={"vectorized": True})
    v = jnp.array([0.5, 1.0, 2.0], jnp.float32)
    print(np.round(np.asarray(jax.jit(lambda v: head_loss(v, 0.1, 100.0, opts))(v)), 4))
