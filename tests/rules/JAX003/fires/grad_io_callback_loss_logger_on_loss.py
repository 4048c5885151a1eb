"""An io_callback that logs the loss value returns it back into the graph; grad fails on it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

history = []


def log_and_return(v):
    history.append(float(v))
    return np.asarray(v, dtype=np.float32)


def loss(w):
    l = jnp.sum((w - 1.0) ** 2)
    return io_callback(log_and_return, jax.ShapeDtypeStruct((), jnp.float32), l)  # EXPECT: JAX003


w = jnp.zeros(3)
for _ in range(2):
    w = w - 0.1 * jax.grad(loss)(w)
print(w, history)
