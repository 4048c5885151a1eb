"""io_callback on a differentiated value inside jax.checkpoint, under grad: the JVP of the IO callback fails first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

seen = []


def _log_activation_norm(h):
    seen.append(float(np.linalg.norm(h)))
    return np.float32(0.0)


@jax.checkpoint
def residual_block(w, h):
    z = jnp.tanh(w * h)
    io_callback(_log_activation_norm, jax.ShapeDtypeStruct((), jnp.float32), z)  # EXPECT: JAX003
    return h + z


def loss(w):
    h = jnp.array([0.5, -0.5])
    for _ in range(2):
        h = residual_block(w, h)
    return jnp.sum(h ** 2)


print(jax.grad(loss)(jnp.float32(0.8)))
