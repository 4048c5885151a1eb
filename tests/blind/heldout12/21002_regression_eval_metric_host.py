# Models: regression MLP with an optax loop; explained-variance is computed on host via pure_callback, but only inside a jitted (never differentiated) evaluation function.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


def explained_variance_np(target, estimate):
    target = np.asarray(target, dtype=np.float64)
    estimate = np.asarray(estimate, dtype=np.float64)
    var_res = np.var(target - estimate)
    return np.float32(1.0 - var_res / (np.var(target) + 1e-12))


def init_params(rng, d_in, d_hidden):
    r1, r2 = jax.random.split(rng)
    return {
        "hidden": {"kernel": jax.random.normal(r1, (d_in, d_hidden)) / jnp.sqrt(d_in),
                   "bias": jnp.zeros(d_hidden)},
        "out": {"kernel": jax.random.normal(r2, (d_hidden,)) / jnp.sqrt(d_hidden),
                "bias": jnp.zeros(())},
    }


def apply_fn(p, x):
    h = jnp.tanh(x @ p["hidden"]["kernel"] + p["hidden"]["bias"])
    return h @ p["out"]["kernel"] + p["out"]["bias"]


def squared_error(p, x, y, l2=0.0):
    pred = apply_fn(p, x)
    reg = l2 * sum(jnp.vdot(t, t) for t in jax.tree_util.tree_leaves(p))
    err = jnp.mean(jnp.square(pred - y))
    return err + reg, {"mse": err}


@jax.jit
def evaluate(p, x, y):
    pred = apply_fn(p, x)
    ev = jax.pure_callback(explained_variance_np, jax.ShapeDtypeStruct((), jnp.float32), y, pred)
    return {"mse": jnp.mean((pred - y) ** 2), "explained_var": ev}


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(p, opt_state, x, y, optimizer):
    loss_fn = partial(squared_error, x=x, y=y, l2=1e-4)
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(p)
    updates, opt_state = optimizer.update(grads, opt_state, p)
    return optax.apply_updates(p, updates), opt_state, loss, aux


if __name__ == "__main__":
    rng = jax.random.PRNGKey(42)
    rx, rv, rp = jax.random.split(rng, 3)
    x_train = jax.random.uniform(rx, (40, 3), minval=-1.0, maxval=1.0)
    y_train = x_train[:, 0] * 2.0 - jnp.cos(x_train[:, 2])
    x_val = jax.random.uniform(rv, (16, 3), minval=-1.0, maxval=1.0)
    y_val = x_val[:, 0] * 2.0 - jnp.cos(x_val[:, 2])

    params = init_params(rp, 3, 12)
    optimizer = optax.sgd(0.05, momentum=0.9)
    opt_state = optimizer.init(params)

    for epoch in range(6):
        params, opt_state, loss, aux = train_step(params, opt_state, x_train, y_train, optimizer)
        if epoch % 2 == 0:
            metrics = evaluate(params, x_val, y_val)
            print(epoch, float(loss), {k: float(v) for k, v in metrics.items()})
