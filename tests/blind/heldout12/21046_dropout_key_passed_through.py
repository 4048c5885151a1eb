# Models: an MLP with dropout in a lax.scan training loop that carries (params, opt_state, key); the typed dropout key is passed to the loss but only the params (argnums=0) are differentiated.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class Carry(NamedTuple):
    params: dict
    opt_state: optax.OptState
    key: jax.Array


def forward(params, x, rng, train=True, p_drop=0.1):
    h = jax.nn.gelu(x @ params["w1"] + params["b1"])
    if train:
        mask = jax.random.bernoulli(rng, 1.0 - p_drop, h.shape)
        h = h * mask / (1.0 - p_drop)
    return h @ params["w2"]


def loss(params, rng, x, y):
    return jnp.mean(optax.l2_loss(forward(params, x, rng), y))


def make_epoch_fn(tx, x, y):
    def body(carry: Carry, _):
        key, sub = jax.random.split(carry.key)
        val, grads = jax.value_and_grad(loss)(carry.params, sub, x, y)
        grads = jax.tree_util.tree_map(lambda g: jnp.clip(g, -0.5, 0.5), grads)
        updates, opt_state = tx.update(grads, carry.opt_state, carry.params)
        params = optax.apply_updates(carry.params, updates)
        return Carry(params, opt_state, key), val

    @jax.jit
    def run(carry):
        return jax.lax.scan(body, carry, None, length=8)

    return run


if __name__ == "__main__":
    key = jax.random.key(42)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    x = jax.random.normal(k1, (24, 3))
    y = x[:, 0] - jnp.abs(x[:, 1])
    params = {"w1": jax.random.normal(k2, (3, 10)) * 0.5, "b1": jnp.zeros(10),
              "w2": jax.random.normal(k3, (10,)) * 0.3}
    tx = optax.adam(1e-2)
    carry = Carry(params, tx.init(params), k4)
    run = make_epoch_fn(tx, x, y)
    carry, losses = run(carry)
    print("losses", losses)
    print("eval", float(jnp.mean((forward(carry.params, x, None, train=False) - y) ** 2)))
