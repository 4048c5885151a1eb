"""Logging from inside a loss: `io_callback` is differentiated (error), `jax.debug.callback` is
not (fine). jax-lsp flags only the first."""

import jax
import jax.numpy as jnp
from jax.experimental import io_callback

history = []


def _record(value):
    history.append(float(value))
    return value


def loss_with_io_logging(w):
    value = jnp.sum(jnp.sin(w) ** 2)
    io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), value)  # EXPECT: JAX003
    return value


def loss_with_debug_logging(w):
    value = jnp.sum(jnp.sin(w) ** 2)
    jax.debug.callback(_record, value)
    return value


if __name__ == "__main__":
    print(jax.grad(loss_with_debug_logging)(jnp.ones(3)))
    print(jax.grad(loss_with_io_logging)(jnp.ones(3)))
