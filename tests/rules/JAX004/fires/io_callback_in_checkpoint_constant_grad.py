"""io_callback on a constant inside a jax.checkpoint'ed block, under grad: remat partial-eval rejects the IO effect."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_calls = []


def _record_and_fetch_scale():
    _calls.append(1)
    return np.float32(0.5)


@jax.checkpoint
def block(x):
    scale = io_callback(_record_and_fetch_scale, jax.ShapeDtypeStruct((), jnp.float32))  # EXPECT: JAX004
    return jnp.tanh(x) * scale


def loss(x):
    return jnp.sum(block(x) ** 2)


print(jax.grad(loss)(jnp.array([0.1, 0.2])))
