"""A small regression model whose activation runs on the host: `jax.grad` reaches the callback.

`jax-lsp check examples/` reports it: JAX would raise 'Pure callbacks do not support JVP' at the
first training step.
"""

import jax
import jax.numpy as jnp
import numpy as np


def _host_softplus(z):
    return np.log1p(np.exp(np.asarray(z))).astype(np.float32)


def softplus(z):
    spec = jax.ShapeDtypeStruct(z.shape, z.dtype)
    return jax.pure_callback(_host_softplus, spec, z, vmap_method="broadcast_all")  # EXPECT: JAX001


def predict(params, x):
    return softplus(x @ params["w"] + params["b"])


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


if __name__ == "__main__":
    params = {"w": jnp.ones((3, 1)), "b": jnp.zeros(1)}
    x, y = jnp.ones((8, 3)), jnp.zeros((8, 1))
    params = train_step(params, x, y)
