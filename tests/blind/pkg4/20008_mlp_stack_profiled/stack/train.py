import jax
import jax.numpy as jnp

from .layers import forward


def _loss(params, batch):
    x, y = batch
    return jnp.mean((forward(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, batch):
    loss, grads = jax.value_and_grad(_loss)(params, batch)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss
