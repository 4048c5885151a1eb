# Models: a forward-mode directional-derivative check (jax.jvp) of a small MLP's loss, where the model writes its hidden activations to a host-side activation log via io_callback on every call.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

ACTIVATION_LOG = []


def _log_activations(h):
    ACTIVATION_LOG.append(np.asarray(h).copy())
    return np.int32(0)


def log_hidden(h):
    return io_callback(_log_activations, jax.ShapeDtypeStruct((), jnp.int32), h)


def init(key):
    a, b = jax.random.split(key)
    return {"W": jax.random.normal(a, (3, 5)) * 0.4, "v": jax.random.normal(b, (5,)) * 0.4}


def mlp(params, x):
    hidden = jnp.tanh(x @ params["W"])
    log_hidden(hidden)
    return hidden @ params["v"]


def loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


def directional_derivative(params, x, y, direction):
    _, dloss = jax.jvp(lambda p: loss(p, x, y), (params,), (direction,))
    return dloss


def random_direction(key, params):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    keys = jax.random.split(key, len(leaves))
    dirs = [jax.random.normal(k, l.shape) for k, l in zip(keys, leaves)]
    return jax.tree_util.tree_unflatten(treedef, dirs)


if __name__ == "__main__":
    key = jax.random.PRNGKey(10)
    kp, kx, kd = jax.random.split(key, 3)
    params = init(kp)
    x = jax.random.normal(kx, (16, 3))
    y = x[:, 0] ** 2
    opt = optax.sgd(0.1)
    state = opt.init(params)
    loss_val = loss(params, x, y)
    print("initial loss", float(loss_val), "log size", len(ACTIVATION_LOG))
    direction = random_direction(kd, params)
    dd = directional_derivative(params, x, y, direction)
    print("directional derivative", float(dd))
