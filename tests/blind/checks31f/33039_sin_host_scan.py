# shape from: JAX docs "External callbacks" (f_host / jax.pure_callback example, pre-0.4.34 wording)
"""Scan a host-evaluated nonlinearity over a short sequence (a toy recurrent map)."""
import jax
import jax.numpy as jnp
import numpy as np


def f_host(x):
    # call a numpy (not jax.numpy) operation:
    x = np.asarray(x)
    return np.sin(x).astype(x.dtype)


def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vectorized=True)


def recurrent_map(h0, inputs, w=0.9):
    def cell(h, u):
        h_new = f(w * h + u)
        return h_new, h_new

    return jax.lax.scan(cell, h0, inputs)


if __name__ == "__main__":
    inputs = jnp.linspace(-1.0, 1.0, 8).reshape(4, 2)
    h_final, hs = jax.jit(recurrent_map)(jnp.zeros(2), inputs)
    print(h_final, hs.shape)
