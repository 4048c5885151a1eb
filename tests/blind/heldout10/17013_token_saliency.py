"""Saliency maps for a bag-of-embeddings sentiment model."""
from dataclasses import dataclass, field
from typing import Dict, List

import numpy as np
import jax
import jax.numpy as jnp


@dataclass
class Vocab:
    tokens: List[str] = field(default_factory=lambda: [
        "<pad>", "good", "bad", "movie", "plot", "great", "boring", "the", "a", "not"])

    @property
    def index(self) -> Dict[str, int]:
        return {t: i for i, t in enumerate(self.tokens)}

    def encode(self, text, length=6):
        ids = [self.index.get(w, 0) for w in text.lower().split()][:length]
        ids += [0] * (length - len(ids))
        return np.asarray(ids, dtype=np.int32)


def init_model(key, vocab_size, dim=8):
    k1, k2 = jax.random.split(key)
    return {
        "embed": jax.random.normal(k1, (vocab_size, dim)) * 0.2,
        "proj": {"w": jax.random.normal(k2, (dim,)) * 0.2, "b": jnp.zeros(())},
    }


def encode_tokens(params, ids):
    mask = (ids > 0).astype(jnp.float32)
    vecs = params["embed"][ids] * mask[:, None]
    return vecs.sum(0) / jnp.maximum(mask.sum(), 1.0)


def score(params, ids):
    h = encode_tokens(params, ids)
    return jnp.dot(h, params["proj"]["w"]) + params["proj"]["b"]


def log_likelihood(params, ids, label):
    logit = score(params, ids)
    return jax.nn.log_sigmoid(jnp.where(label > 0, logit, -logit))


class Explainer:
    """Attributes the model's output to its inputs."""

    def __init__(self, params, vocab):
        self.params = params
        self.vocab = vocab
        self._fn = jax.jit(jax.grad(log_likelihood, argnums=1))

    def attributions(self, text, label):
        ids = jnp.asarray(self.vocab.encode(text))
        return ids, self._fn(self.params, ids, label)

    def explain(self, text, label):
        ids, attr = self.attributions(text, label)
        words = [self.vocab.tokens[i] for i in np.asarray(ids)]
        return list(zip(words, np.asarray(attr).round(3).tolist()))


def train(params, data, vocab, steps=10, lr=0.5):
    grad_fn = jax.jit(jax.grad(lambda p, i, l: -log_likelihood(p, i, l)))
    for _ in range(steps):
        for text, label in data:
            g = grad_fn(params, jnp.asarray(vocab.encode(text)), label)
            params = jax.tree_util.tree_map(lambda a, b: a - lr * b, params, g)
    return params


if __name__ == "__main__":
    vocab = Vocab()
    data = [("good movie", 1), ("great plot", 1), ("bad movie", 0),
            ("boring plot", 0), ("not good", 0)]
    params = init_model(jax.random.PRNGKey(0), len(vocab.tokens))
    params = train(params, data, vocab)
    for text, label in data:
        print(text, float(score(params, jnp.asarray(vocab.encode(text)))))
    explainer = Explainer(params, vocab)
    print(explainer.explain("the plot was great", 1))
