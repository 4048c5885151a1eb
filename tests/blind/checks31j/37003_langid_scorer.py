"""Language-ID scorer: scorer classes are made with type(); hosts are partials of partials."""
import itertools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy.special import logsumexp as sp_logsumexp

NGRAM_LOGP = np.log(np.array([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6], [0.1, 0.6, 0.3]], np.float32))


def _normalise(scores: np.ndarray, how: str) -> np.ndarray:
    if how == "exact":
        return scores - sp_logsumexp(scores)
    return scores - np.asarray(jax.nn.logsumexp(scores))


def _score(table: np.ndarray, counts, how: str = "exact") -> np.ndarray:
    counts = np.asarray(counts, dtype=np.float32)
    raw = table @ counts
    return _normalise(raw, how).astype(np.float32)


def _call(self, counts):
    spec = jax.ShapeDtypeStruct((self.table.shape[0],), jnp.float32)
    return jax.pure_callback(self.host, spec, counts)


def make_scorer_class(name: str, how: str):
    host = partial(partial(_score, NGRAM_LOGP), how=how)
    return type(name, (), {"table": NGRAM_LOGP, "host": staticmethod(host), "__call__": _call})


SCORERS = {
    "Exact": make_scorer_class("ExactScorer", "exact"),
    "Fast": make_scorer_class("FastScorer", "fast"),
}

DOCS = [np.array([3, 1, 0], np.float32), np.array([0, 2, 5], np.float32)]


if __name__ == "__main__":
    order = list(itertools.islice(itertools.cycle(["Exact", "Fast"]), 1))
    results = []
    for name, doc in itertools.product(order, DOCS):
        scorer = SCORERS[name]()
        logp = jax.jit(scorer.__call__)(jnp.asarray(doc))
        results.append((name, int(jnp.argmax(logp))))
    print(results)
