# Models: a remat'd residual network trained with optax; gradient norms are written to a host-side log with io_callback in the update step, after (not inside) the differentiated loss.
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

GRAD_LOG = []


def _write_norms(step, norms):
    GRAD_LOG.append((int(step), np.asarray(norms).tolist()))
    return np.array(len(GRAD_LOG), dtype=np.int32)


def make_params(seed, width=6, depth=2):
    keys = jax.random.split(jax.random.PRNGKey(seed), depth + 1)
    layers = [dict(a=jax.random.normal(k, (width, width)) * 0.2, c=jnp.zeros(width))
              for k in keys[:-1]]
    return dict(layers=layers, readout=jax.random.normal(keys[-1], (width,)) * 0.2)


@functools.partial(jax.checkpoint, prevent_cse=False)
def block(layer, h):
    return h + jnp.tanh(h @ layer["a"] + layer["c"])


def predict(params, x):
    h = x
    for layer in params["layers"]:
        h = block(layer, h)
    return h @ params["readout"]


def objective(params, x, y):
    r = predict(params, x) - y
    return 0.5 * jnp.mean(r * r)


def build_update(optimizer):
    @jax.jit
    def update(step, params, opt_state, x, y):
        loss, grads = jax.value_and_grad(objective)(params, x, y)
        norms = jnp.stack([optax.global_norm(l) for l in grads["layers"]]
                          + [optax.global_norm(grads["readout"])])
        io_callback(_write_norms, jax.ShapeDtypeStruct((), jnp.int32), step, norms, ordered=True)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return update


if __name__ == "__main__":
    params = make_params(0)
    kx = jax.random.PRNGKey(1)
    x = jax.random.normal(kx, (20, 6))
    y = x[:, 0] - 0.5 * x[:, 3]
    optimizer = optax.chain(optax.clip_by_global_norm(5.0), optax.adam(5e-3))
    opt_state = optimizer.init(params)
    update = build_update(optimizer)
    for step in range(4):
        params, opt_state, loss = update(step, params, opt_state, x, y)
    jax.effects_barrier()
    print("final loss", float(loss), "log entries", len(GRAD_LOG))
