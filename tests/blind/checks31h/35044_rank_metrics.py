"""rank_metrics -- learning-to-rank losses and retrieval metrics.

Differentiable surrogates (ListNet, approximate NDCG, pairwise logistic) are
traced JAX.  Exact metrics that need sorting with tie handling are computed
on the host through ``jax.pure_callback``; evaluation rows are appended to a
host log with ``io_callback``.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, TypedDict

import numpy as np
from scipy import stats
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

Array = jax.Array
EVAL_LOG: List[Dict[str, float]] = []


class CallbackOptions(TypedDict, total=False):
    vmap_method: str
    vectorized: bool


BATCHED: CallbackOptions = {"vmap_method": "expand_dims"}
PER_QUERY: CallbackOptions = {"vmap_method": "sequential"}
LEGACY: CallbackOptions = {"vectorized": True}


# ---------------------------------------------------------------------------
# validation helpers
# ---------------------------------------------------------------------------

def check_scores(scores: Array, labels: Array) -> None:
    if scores.shape != labels.shape:
        raise ValueError(f"scores {scores.shape} and labels {labels.shape} differ")
    if scores.ndim not in (1, 2):
        raise ValueError("expected (n,) or (queries, n)")


def gains(labels: Array, exponential: bool = True) -> Array:
    return (2.0 ** labels - 1.0) if exponential else labels


def discounts(n: int) -> Array:
    return 1.0 / jnp.log2(jnp.arange(n) + 2.0)


# ---------------------------------------------------------------------------
# traced surrogates
# ---------------------------------------------------------------------------

def listnet_loss(scores: Array, labels: Array) -> Array:
    p_true = jax.nn.softmax(labels, axis=-1)
    return -jnp.sum(p_true * jax.nn.log_softmax(scores, axis=-1), axis=-1).mean()


def pairwise_logistic(scores: Array, labels: Array) -> Array:
    ds = scores[..., :, None] - scores[..., None, :]
    better = (labels[..., :, None] > labels[..., None, :]).astype(scores.dtype)
    return jnp.sum(better * jnp.logaddexp(0.0, -ds)) / jnp.maximum(better.sum(), 1.0)


def approx_ranks(scores: Array, temperature: float = 0.1) -> Array:
    ds = (scores[..., None, :] - scores[..., :, None]) / temperature
    return 1.0 + jnp.sum(jax.nn.sigmoid(ds), axis=-1) - 0.5


def approx_ndcg(scores: Array, labels: Array, temperature: float = 0.1) -> Array:
    r = approx_ranks(scores, temperature)
    dcg = jnp.sum(gains(labels) / jnp.log2(1.0 + r), axis=-1)
    ideal = jnp.sum(jnp.sort(gains(labels), axis=-1)[..., ::-1] * discounts(labels.shape[-1]), -1)
    return jnp.mean(dcg / jnp.maximum(ideal, 1e-9))


# ---------------------------------------------------------------------------
# exact metrics on the host
# ---------------------------------------------------------------------------

def _host_ndcg_at_k(scores, labels, *, k):
    s = np.atleast_2d(np.asarray(scores, dtype=np.float64))
    l = np.atleast_2d(np.asarray(labels, dtype=np.float64))
    out = []
    for si, li in zip(s, l):
        order = np.lexsort((np.arange(len(si)), -si))[:k]
        disc = 1.0 / np.log2(np.arange(len(order)) + 2.0)
        dcg = np.sum((2.0 ** li[order] - 1) * disc)
        ideal = np.sum((2.0 ** np.sort(li)[::-1][:k] - 1) * disc)
        out.append(dcg / ideal if ideal > 0 else 0.0)
    return np.asarray(out, dtype=np.float32).reshape(np.shape(np.asarray(scores))[:-1])


def _host_mrr(scores, labels):
    s = np.atleast_2d(np.asarray(scores, dtype=np.float64))
    l = np.atleast_2d(np.asarray(labels))
    rr = []
    for si, li in zip(s, l):
        ranks = stats.rankdata(-si, method="ordinal")
        rel = ranks[li > 0]
        rr.append(1.0 / rel.min() if len(rel) else 0.0)
    return np.asarray(rr, dtype=np.float32).reshape(np.shape(np.asarray(scores))[:-1])


def _host_kendall(scores, labels):
    tau = stats.kendalltau(np.asarray(scores), np.asarray(labels)).statistic
    return np.float32(0.0 if np.isnan(tau) else tau)


def ndcg_at_k(scores: Array, labels: Array, k: int = 5, options: CallbackOptions = BATCHED) -> Array:
    spec = jax.ShapeDtypeStruct(scores.shape[:-1], jnp.float32)
    host = lambda s, l, **kw: _host_ndcg_at_k(s, l, k=k, **kw)
    return jax.pure_callback(host, spec, scores, labels, **options)


def mean_reciprocal_rank(scores: Array, labels: Array, options: CallbackOptions = BATCHED) -> Array:
    spec = jax.ShapeDtypeStruct(scores.shape[:-1], jnp.float32)
    return jax.pure_callback(_host_mrr, spec, scores, labels, **options)


def kendall_tau(scores: Array, labels: Array) -> Array:
    return jax.pure_callback(_host_kendall, jax.ShapeDtypeStruct((), jnp.float32),
                             scores, labels, **PER_QUERY)


def _host_log_eval(step, ndcg, mrr):
    EVAL_LOG.append({"step": int(np.asarray(step)), "ndcg": float(np.mean(np.asarray(ndcg))),
                     "mrr": float(np.mean(np.asarray(mrr)))})


def evaluate(step: Array, scores: Array, labels: Array, k: int = 5,
             options: CallbackOptions = BATCHED):
    nd = ndcg_at_k(scores, labels, k, options)
    mrr = mean_reciprocal_rank(scores, labels)
    io_callback(_host_log_eval, None, step, nd, mrr, ordered=True)
    return nd.mean(), mrr.mean()


# ---------------------------------------------------------------------------
# toy training
# ---------------------------------------------------------------------------

def linear_scorer(w: Array, feats: Array) -> Array:
    return feats @ w


def make_queries(n_queries=4, n_docs=8, dim=5, seed=0):
    rng = np.random.default_rng(seed)
    w_true = rng.normal(size=dim)
    feats = rng.normal(size=(n_queries, n_docs, dim))
    rel = np.clip(np.round(feats @ w_true / 2 + 1), 0, 3)
    return jnp.asarray(feats, jnp.float32), jnp.asarray(rel, jnp.float32)


def train(feats: Array, labels: Array, steps: int = 30, lr: float = 0.2,
          options: CallbackOptions = BATCHED):
    w = jnp.zeros(feats.shape[-1])
    loss_grad = jax.jit(jax.value_and_grad(lambda w: listnet_loss(linear_scorer(w, feats), labels)))
    eval_fn = jax.jit(lambda i, w: evaluate(i, linear_scorer(w, feats), labels, 5, options))
    for i in range(steps):
        loss, g = loss_grad(w)
        w = w - lr * g
        if i % 10 == 9:
            eval_fn(i, w)
    return w, loss


# ---------------------------------------------------------------------------
# plain-NumPy reference metrics (used by the offline report)
# ---------------------------------------------------------------------------

def precision_at_k(ranked_relevance: Sequence[int], k: int) -> float:
    r = np.asarray(ranked_relevance)[:k]
    return float(np.mean(r > 0)) if len(r) else 0.0


def recall_at_k(ranked_relevance: Sequence[int], k: int, n_relevant: int) -> float:
    if n_relevant == 0:
        return 0.0
    return float(np.sum(np.asarray(ranked_relevance)[:k] > 0)) / n_relevant


def average_precision(ranked_relevance: Sequence[int]) -> float:
    r = np.asarray(ranked_relevance) > 0
    if not r.any():
        return 0.0
    hits = np.cumsum(r)
    return float(np.sum(hits[r] / (np.flatnonzero(r) + 1)) / r.sum())


class Report:
    def __init__(self, rows: List[Dict[str, float]]):
        self.rows = list(rows)

    def best(self, key: str = "ndcg") -> Optional[Dict[str, float]]:
        return max(self.rows, key=lambda r: r[key]) if self.rows else None

    def __repr__(self):
        return f"Report({len(self.rows)} rows, best={self.best()})"


if __name__ == "__main__":
    feats, labels = make_queries()
    check_scores(feats[..., 0], labels)
    print(precision_at_k([1, 0, 1, 0], 3), recall_at_k([1, 0, 1, 0], 3, 2), average_precision([1, 0, 1]))
    w, loss = train(feats, labels, options=LEGACY)
    jax.effects_barrier()
    print("final loss", float(loss))
    for row in EVAL_LOG:
        print(row)
    print(Report(EVAL_LOG))
    s = linear_scorer(w, feats)
    print("approx ndcg", float(approx_ndcg(s, labels)), "pairwise", float(pairwise_logistic(s, labels)))
    print("kendall q0", float(kendall_tau(s[0], labels[0])))
