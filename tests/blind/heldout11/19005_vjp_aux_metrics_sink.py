# Models: training step using jax.vjp(has_aux=True) where auxiliary metrics are streamed to a host sink with io_callback
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

METRICS = []


def _sink(value):
    METRICS.append(np.asarray(value).copy())
    return np.asarray(value)


def log_scalar(v):
    return io_callback(_sink, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)


def mlp(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"]


def loss_with_aux(params, batch):
    x, y = batch
    pred = mlp(params, x)
    mse = jnp.mean((pred - y) ** 2)
    logged = log_scalar(mse)
    return mse, {"logged_mse": logged, "pred_mean": pred.mean()}


def step(params, batch, lr=1e-2):
    loss, pullback, aux = jax.vjp(lambda p: loss_with_aux(p, batch), params, has_aux=True)
    (g,) = pullback(jnp.ones_like(loss))
    new = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)
    return new, loss, aux


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.key(0))
    params = {
        "w1": jax.random.normal(k1, (3, 4)) * 0.1,
        "b1": jnp.zeros(4),
        "w2": jax.random.normal(k2, (4, 1)) * 0.1,
    }
    batch = (jnp.ones((5, 3)), jnp.zeros((5, 1)))
    params, loss, aux = step(params, batch)
    print(loss, aux["pred_mean"], len(METRICS))
