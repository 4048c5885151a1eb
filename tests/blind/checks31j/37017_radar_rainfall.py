"""Radar rainfall: singledispatch maps a batching policy object to pure_callback keywords."""
import dataclasses
from functools import singledispatch

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class LegacyBatching:
    """The host already loops over a leading batch axis."""


@dataclasses.dataclass(frozen=True)
class Sequential:
    pass


@singledispatch
def callback_kwargs(policy) -> dict:
    return {}


@callback_kwargs.register
def _(policy: LegacyBatching) -> dict:
    return {"vectorized": True}


@callback_kwargs.register
def _(policy: Sequential) -> dict:
    return {"vmap_method": "sequential"}


@callback_kwargs.register
def _(policy: str) -> dict:
    return {"vmap_method": policy}


def marshall_palmer_host(dbz, a, b):
    z = 10.0 ** (np.asarray(dbz, dtype=np.float64) / 10.0)
    return ((z / float(np.asarray(a))) ** (1.0 / float(np.asarray(b)))).astype(np.float32)


def rain_rate(dbz, policy):
    kw = callback_kwargs(policy)
    return jax.pure_callback(marshall_palmer_host, jax.ShapeDtypeStruct(dbz.shape, jnp.float32),
                             dbz, jnp.float32(200.0), jnp.float32(1.6), **kw)


POLICIES = {"default": "sequential", "legacy": LegacyBatching(), "strict": Sequential()}


def accumulate(policy_name: str):
    policy = POLICIES.get(policy_name, POLICIES["default"])
    return jax.jit(lambda scans: jnp.sum(rain_rate(scans, policy)) * (5.0 / 60.0))


if __name__ == "__main__":
    scans = jnp.array([[20.0, 35.0, 42.0], [25.0, 38.0, 47.0]], jnp.float32)
    for name in ["strict"]:
        print(name, round(float(accumulate(name)(scans)), 3), "mm")
