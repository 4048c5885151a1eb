"""Training loop with optax.chain(clip, adam, reduce_on_plateau).  The loss
function appends every evaluation to a metrics file on the host via
io_callback so that the dashboard sees the raw values."""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback
from optax import contrib

LOG_PATH = os.path.join(tempfile.gettempdir(), "heldout14_metrics.txt")


def _append(v):
    with open(LOG_PATH, "a") as fh:
        fh.write(f"{float(v):.6f}\n")
    return np.int32(0)


def log_metric(v):
    io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), v, ordered=True)


def loss_fn(params, x, y):
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    loss = jnp.mean((pred - y) ** 2)
    log_metric(loss)
    return loss


def make_tx():
    return optax.chain(
        optax.clip_by_global_norm(1.0),
        optax.adam(3e-2),
        contrib.reduce_on_plateau(patience=2, factor=0.5),
    )


@jax.jit
def step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = make_tx().update(grads, opt_state, params, value=loss)
    return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (2, 8)) * 0.5, "w2": jax.random.normal(k2, (8,)) * 0.5}
    x = jax.random.normal(k3, (32, 2))
    y = jnp.sin(x[:, 0]) * x[:, 1]
    opt_state = make_tx().init(params)
    print("initial", float(loss_fn(params, x, y)))
    for i in range(5):
        params, opt_state, l = step(params, opt_state, x, y)
        print(i, float(l))
