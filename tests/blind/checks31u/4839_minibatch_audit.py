"""Mini-batch training step for a two-layer regressor with an input audit.

Inputs are audited (detached) inside the per-example model; the batch is
mapped over with vmap inside the loss, and the loss is differentiated.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_audit = []


def _audit_row(v):
    _audit.append(np.asarray(v).copy())
    return np.float32(0.0)


def audited(v):
    v0 = jax.lax.stop_gradient(v)
    return io_callback(_audit_row, jax.ShapeDtypeStruct((), jnp.float32), v0, ordered=True)


def model(params, x):
    w1, w2 = params
    h = jnp.tanh(w1 @ x)
    flag = audited(x)
    return w2 @ h + 0.0 * flag


def loss(params, xs, ys):
    preds = jax.vmap(model, in_axes=(None, 0))(params, xs)
    return jnp.mean((preds - ys) ** 2)


def sgd(params, grads, lr=0.05):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def init(seed=0):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.normal(size=(4, 2)), jnp.float32),
            jnp.asarray(rng.normal(size=(4,)), jnp.float32))


if __name__ == "__main__":
    params = init()
    xs = jnp.asarray(np.random.default_rng(1).normal(size=(5, 2)), jnp.float32)
    ys = jnp.sin(xs[:, 0])
    for step in range(2):
        l, g = jax.value_and_grad(loss)(params, xs, ys)
        params = sgd(params, g)
        print("step", step, "loss", float(l))
    print("audited rows", len(_audit))
