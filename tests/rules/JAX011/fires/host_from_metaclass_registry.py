"""The host function is an instance of a class a metaclass registered when the class was made
(`registry[cls.tag] = cls` in its `__init__`), looked up by a key the call site passes."""
import jax
import jax.numpy as jnp
import numpy as np


class FilterMeta(type):
    registry = {}

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        if "tag" in ns:
            FilterMeta.registry[ns["tag"]] = cls


class Filter(metaclass=FilterMeta):
    pass


class Smooth(Filter):
    tag = "smooth"

    def __call__(self, v):
        v = np.asarray(v)
        return np.convolve(v, np.ones(3) / 3, mode="same").astype(v.dtype)


class Sharpen(Filter):
    tag = "sharpen"

    def __call__(self, v):
        v = np.asarray(v)
        return np.asarray(2 * v - jnp.convolve(v, jnp.ones(3) / 3, mode="same"))  # EXPECT: JAX011


def apply_filter(tag, x):
    return jax.pure_callback(FilterMeta.registry[tag](), jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(jax.jit(lambda x: apply_filter("sharpen", x))(jnp.arange(6.0)))
