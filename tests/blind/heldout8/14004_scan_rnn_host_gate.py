from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def quantile_gate(h):
    # host side: squash by empirical CDF of a frozen reference sample
    ref = np.linspace(-3, 3, 64, dtype=np.float32)
    return (np.searchsorted(ref, np.asarray(h)) / 64.0).astype(np.float32) + 0.0 * np.asarray(h)


def cell(params, h, x):
    pre = jnp.tanh(params["Wx"] @ x + params["Wh"] @ h + params["b"])
    gate = jax.pure_callback(quantile_gate, jax.ShapeDtypeStruct(pre.shape, pre.dtype), pre,
                             vmap_method="expand_dims")
    h_new = gate * pre + (1.0 - gate) * h
    return h_new, h_new


def rnn_loss(params, xs, target):
    h0 = jnp.zeros(params["Wh"].shape[0])
    hT, _ = jax.lax.scan(partial(cell, params), h0, xs)
    return jnp.sum((params["Wo"] @ hT - target) ** 2)


def init(key, d_in=3, d_h=5):
    ks = jax.random.split(key, 4)
    return {
        "Wx": 0.3 * jax.random.normal(ks[0], (d_h, d_in)),
        "Wh": 0.3 * jax.random.normal(ks[1], (d_h, d_h)),
        "b": jnp.zeros(d_h),
        "Wo": 0.3 * jax.random.normal(ks[2], (1, d_h)),
    }


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(1))
    xs = jnp.ones((6, 3))
    print("forward", rnn_loss(params, xs, jnp.ones(1)))
    grads = jax.jit(jax.grad(rnn_loss))(params, xs, jnp.ones(1))
    print(jax.tree_util.tree_map(jnp.linalg.norm, grads))
