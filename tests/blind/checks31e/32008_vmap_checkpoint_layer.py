"""Rematerialised residual block; an ordered host hook inspects activations per example."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_activation_norms = []


def _inspect(h):
    _activation_norms.append(float(np.linalg.norm(np.asarray(h))))
    return np.float32(_activation_norms[-1])


def block(params, x):
    h = jnp.tanh(params["w"] @ x + params["b"])
    io_callback(_inspect, jax.ShapeDtypeStruct((), jnp.float32), h, ordered=True)
    return x + h


def init(key, width):
    k1, _ = jax.random.split(key)
    return {"w": 0.1 * jax.random.normal(k1, (width, width)), "b": jnp.zeros(width)}


params = init(jax.random.PRNGKey(0), 4)
batch = jnp.ones((3, 4))
remat_block = jax.checkpoint(block)
out = jax.vmap(remat_block, in_axes=(None, 0))(params, batch)
print(out.shape, len(_activation_norms))
