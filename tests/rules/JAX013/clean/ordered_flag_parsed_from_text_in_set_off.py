"""A text setting parsed into a flag (`str(v).strip().lower() in {...}`) leaves ordered off"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_ON = {"1", "true", "yes", "on"}


def as_flag(value):
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in _ON


SETTINGS = {"sink": " No "}


def log_host(x):
    return np.asarray(x) * 2


def step(x):
    ordered = as_flag(SETTINGS["sink"])
    return io_callback(log_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=ordered)


print(jax.vmap(step)(jnp.ones((3, 2))))
