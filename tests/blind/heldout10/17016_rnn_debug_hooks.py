"""Elman RNN with debug hooks that print hidden-state norms while training."""
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp

ALPHABET = "abcdefgh "
SEEN = []


class RNNParams(NamedTuple):
    wx: jnp.ndarray
    wh: jnp.ndarray
    b: jnp.ndarray
    wo: jnp.ndarray


def init(key, n_in, n_hidden):
    ks = jax.random.split(key, 3)
    return RNNParams(
        wx=jax.random.normal(ks[0], (n_in, n_hidden)) * 0.3,
        wh=jax.random.normal(ks[1], (n_hidden, n_hidden)) * 0.3,
        b=jnp.zeros(n_hidden),
        wo=jax.random.normal(ks[2], (n_hidden, n_in)) * 0.3)


def _note(step, h):
    SEEN.append((int(step), float(np.linalg.norm(h))))


class Hook:
    def __init__(self, every=4):
        self.every = every

    def __call__(self, t, h):
        jax.lax.cond(t % self.every == 0,
                     lambda: jax.debug.callback(_note, t, h),
                     lambda: None)


def one_hot(text):
    idx = np.array([ALPHABET.index(c) for c in text])
    return jnp.asarray(np.eye(len(ALPHABET), dtype=np.float32)[idx])


def run_rnn(params, xs, hook=None):
    def cell(carry, x):
        h, t = carry
        h = jnp.tanh(x @ params.wx + h @ params.wh + params.b)
        if hook is not None:
            hook(t, h)
        return (h, t + 1), h @ params.wo
    h0 = jnp.zeros(params.wh.shape[0])
    _, logits = jax.lax.scan(cell, (h0, jnp.int32(0)), xs)
    return logits


def next_char_loss(params, xs, hook=None):
    logits = run_rnn(params, xs[:-1], hook)
    return -jnp.mean(jnp.sum(xs[1:] * jax.nn.log_softmax(logits), -1))


def make_trainer(lr, hook):
    @jax.jit
    def update(params, xs):
        loss, g = jax.value_and_grad(next_char_loss)(params, xs, hook)
        return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), loss
    return update


def curvature_probe(params, xs, hook):
    direction = jax.tree_util.tree_map(jnp.ones_like, params)
    g = lambda p: jax.grad(next_char_loss)(p, xs, hook)
    _, hv = jax.jvp(g, (params,), (direction,))
    return sum(float(jnp.vdot(a, b)) for a, b in zip(direction, hv))


if __name__ == "__main__":
    xs = one_hot("abc def gha bcd efg")
    params = init(jax.random.PRNGKey(0), len(ALPHABET), 12)
    hook = Hook()
    update = make_trainer(0.3, hook)
    for epoch in range(3):
        params, loss = update(params, xs)
        print(epoch, float(loss))
    print("curvature", curvature_probe(params, xs, hook))
    jax.effects_barrier()
    print("hook calls", len(SEEN))
