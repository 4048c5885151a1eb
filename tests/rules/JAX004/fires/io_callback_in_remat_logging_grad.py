"""A remat'ed MLP layer that logs a constant step counter with io_callback; value_and_grad fails in remat partial-eval."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def log_layer(layer_id):
    LOG.append(int(layer_id))
    return np.int32(0)


def layer(W, h, layer_id):
    io_callback(log_layer, jax.ShapeDtypeStruct((), jnp.int32), layer_id, ordered=True)  # EXPECT: JAX004
    return jax.nn.relu(W @ h)


layer = jax.remat(layer)


def model(params, x):
    h = x
    for i, W in enumerate(params):
        h = layer(W, h, jnp.int32(i))
    return jnp.sum(h)


params = [jnp.eye(3) * 0.5, jnp.ones((2, 3)) * 0.1]
val, grads = jax.value_and_grad(model)(params, jnp.array([1.0, 2.0, 3.0]))
print(val, LOG)
