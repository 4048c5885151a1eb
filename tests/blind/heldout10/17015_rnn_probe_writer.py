"""Character-level Elman RNN with a host-side probe that records hidden states
for later analysis (e.g. linear probing of the representation)."""
from collections import defaultdict
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

ALPHABET = "abcdefgh "
PROBE_STORE = defaultdict(list)


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


def _store(tag, h):
    PROBE_STORE[int(tag)].append(np.asarray(h).copy())
    return np.float32(np.linalg.norm(h))


class Probe:
    def __init__(self, tag):
        self.tag = tag

    def __call__(self, h):
        return io_callback(_store, jax.ShapeDtypeStruct((), jnp.float32),
                           jnp.int32(self.tag), h, ordered=True)


def one_hot(text):
    idx = np.array([ALPHABET.index(c) for c in text])
    return jnp.asarray(np.eye(len(ALPHABET), dtype=np.float32)[idx])


def run_rnn(params, xs, probe=None):
    def cell(h, x):
        h = jnp.tanh(x @ params.wx + h @ params.wh + params.b)
        if probe is not None:
            probe(h)
        return h, h @ params.wo
    h0 = jnp.zeros(params.wh.shape[0])
    _, logits = jax.lax.scan(cell, h0, xs)
    return logits


def next_char_loss(params, xs, probe=None):
    logits = run_rnn(params, xs[:-1], probe)
    targets = xs[1:]
    return -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(logits), -1))


def make_trainer(lr, probe):
    def update(params, xs):
        loss, g = jax.value_and_grad(next_char_loss)(params, xs, probe)
        return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), loss
    return update


if __name__ == "__main__":
    text = "abc def gha bcd efg"
    xs = one_hot(text)
    params = init(jax.random.PRNGKey(0), len(ALPHABET), 12)
    baseline = next_char_loss(params, xs)
    print("baseline loss", float(baseline))
    update = make_trainer(0.3, Probe(tag=1))
    for epoch in range(3):
        params, loss = update(params, xs)
        print(epoch, float(loss))
    print("probed states", {k: len(v) for k, v in PROBE_STORE.items()})
