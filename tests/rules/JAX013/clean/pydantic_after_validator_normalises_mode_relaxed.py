"""A pydantic field validator normalises the given mode " Relaxed " to "relaxed", which
leaves the sink's io_callback unordered under vmap"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from pydantic import BaseModel, field_validator


class Sink(BaseModel):
    mode: str = "relaxed"

    @field_validator("mode")
    @classmethod
    def _normalise(cls, v: str) -> str:
        return v.strip().lower()


def log_host(x):
    return np.asarray(x) * 2


def step(sink, x):
    ordered = sink.mode == "strict"
    return io_callback(log_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=ordered)


sink = Sink(mode=" Relaxed ")
print(jax.vmap(lambda x: step(sink, x))(jnp.ones((3, 2))))
