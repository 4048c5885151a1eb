import jax
import jax.numpy as jnp
from regularizers import dropout


def make_loss(rate):
    def loss(params, key, x, y):
        h = dropout(key, jnp.tanh(x @ params["w1"]), rate)
        return jnp.mean((h @ params["w2"] - y) ** 2)
    return loss


def grad_step(loss, params, key, x, y, lr=0.1):
    grads = jax.grad(loss, argnums=(0, 1))(params, key, x, y)[0]
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
