"""Activation functions chosen through an Enum and evaluated on the host for a reference check."""
import enum

import jax
import jax.numpy as jnp
import numpy as np


class Activation(enum.Enum):
    RELU = "relu"
    TANH = "tanh"
    SOFTPLUS = "softplus"

    def apply(self, v):
        if self is Activation.RELU:
            return np.maximum(v, 0.0)
        if self is Activation.TANH:
            return np.asarray(jnp.tanh(v))
        return np.log1p(np.exp(v))


def reference_activation(kind):
    def host(v):
        v = np.asarray(v)
        return kind.apply(v).astype(v.dtype)
    return host


def checked_layer(w, x, kind=Activation.TANH):
    pre = x @ w
    ref = jax.pure_callback(reference_activation(kind),
                            jax.ShapeDtypeStruct(pre.shape, pre.dtype), pre)
    return jnp.tanh(pre), ref


if __name__ == "__main__":
    w = jnp.full((3, 2), 0.5)
    x = jnp.arange(6.0).reshape(2, 3)
    out, ref = jax.jit(checked_layer)(w, x)
    print(jnp.max(jnp.abs(out - ref)))
