"""Class-balanced focal loss.  Per-class weights are maintained by a host-side
counter that is updated from the labels seen so far."""
from collections import Counter
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
import optax


class ClassCounter:
    def __init__(self, n_classes, beta=0.99):
        self.n_classes = n_classes
        self.beta = beta
        self.counts = Counter({c: 1 for c in range(n_classes)})

    def weights_for(self, labels):
        labels = np.asarray(labels)
        self.counts.update(labels.tolist())
        n = np.array([self.counts[c] for c in range(self.n_classes)], np.float64)
        eff = (1 - self.beta ** n) / (1 - self.beta)
        w = 1.0 / eff
        w = w / w.sum() * self.n_classes
        return w[labels].astype(np.float32)


COUNTER = ClassCounter(4)


def class_weights(labels):
    return jax.pure_callback(COUNTER.weights_for,
                             jax.ShapeDtypeStruct(labels.shape, jnp.float32), labels,
                             vmap_method="sequential")


class Linear(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


def logits_fn(p: Linear, x):
    return x @ p.w + p.b


def focal_loss(p, x, labels, gamma=2.0):
    logits = logits_fn(p, x)
    logp = jax.nn.log_softmax(logits)
    logp_true = jnp.take_along_axis(logp, labels[:, None], axis=1)[:, 0]
    pt = jnp.exp(logp_true)
    w = class_weights(labels)
    bucket = jnp.floor(pt * 4).astype(jnp.int32)
    w = w * class_weights(jnp.clip(bucket, 0, 3)) ** 0.0
    return -jnp.mean(w * (1 - pt) ** gamma * logp_true)


def imbalanced_batch(key, n=32, d=5):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, d))
    probs = jnp.array([0.6, 0.25, 0.1, 0.05])
    labels = jax.random.choice(k2, 4, (n,), p=probs)
    return x + labels[:, None].astype(jnp.float32) * 0.5, labels.astype(jnp.int32)


def train(steps=8):
    p = Linear(w=jnp.zeros((5, 4)), b=jnp.zeros(4))
    opt = optax.sgd(0.5, momentum=0.9)
    state = opt.init(p)

    @jax.jit
    def step(p, state, x, labels):
        loss, g = jax.value_and_grad(focal_loss)(p, x, labels)
        updates, state = opt.update(g, state)
        return optax.apply_updates(p, updates), state, loss

    key = jax.random.PRNGKey(0)
    for i in range(steps):
        key, sub = jax.random.split(key)
        x, labels = imbalanced_batch(sub)
        p, state, loss = step(p, state, x, labels)
        print(f"step {i} loss {float(loss):.4f}")
    return p


if __name__ == "__main__":
    p = train()
    print("class counts", dict(COUNTER.counts))
