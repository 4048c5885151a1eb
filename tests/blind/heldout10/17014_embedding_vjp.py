"""Embedding-row gradients and a check that index inputs carry no cotangent."""
import dataclasses
from typing import Tuple

import numpy as np
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Shapes:
    vocab: int = 12
    dim: int = 4
    seq: int = 5


def init(key, s: Shapes):
    k1, k2 = jax.random.split(key)
    return {"table": jax.random.normal(k1, (s.vocab, s.dim)),
            "readout": jax.random.normal(k2, (s.dim,))}


def pooled(params, ids, weights):
    rows = jnp.take(params["table"], ids, axis=0)
    return jnp.einsum("s,sd->d", weights, rows)


def head(params, ids, weights):
    return jnp.tanh(pooled(params, ids, weights) @ params["readout"])


def per_position_weights(seq):
    w = jnp.exp(-0.3 * jnp.arange(seq, dtype=jnp.float32))
    return w / w.sum()


class GradientReport:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, params, ids, weights) -> Tuple[float, dict]:
        out, pullback = jax.vjp(self.fn, params, ids, weights)
        g_params, g_ids, g_weights = pullback(jnp.ones_like(out))
        return float(out), {"params": g_params, "ids_dtype": str(g_ids.dtype),
                            "weights": g_weights}


def all_grads(params, ids, weights):
    return jax.grad(head, argnums=(0, 1, 2), allow_int=True)(params, ids, weights)


def describe(tree):
    return jax.tree_util.tree_map(lambda a: (tuple(a.shape), str(a.dtype)), tree)


def touched_rows(g_table):
    return np.nonzero(np.abs(np.asarray(g_table)).sum(-1) > 0)[0].tolist()


class RunLog:
    """Collects scalar records and prints a compact table."""

    def __init__(self):
        self.records = []

    def add(self, **kwargs):
        self.records.append({k: float(np.asarray(v)) for k, v in kwargs.items()})

    def table(self):
        if not self.records:
            return ""
        keys = list(self.records[0])
        head = " | ".join(f"{k:>10s}" for k in keys)
        rows = [" | ".join(f"{r[k]:10.4g}" for k in keys) for r in self.records]
        return "\n".join([head] + rows)


if __name__ == "__main__":
    s = Shapes()
    params = init(jax.random.PRNGKey(0), s)
    ids = jnp.array([3, 1, 4, 1, 5], dtype=jnp.int32)
    weights = per_position_weights(s.seq)
    value, grads = GradientReport(head)(params, ids, weights)
    print("value", value)
    print("ids cotangent dtype", grads["ids_dtype"])
    print("rows touched", touched_rows(grads["params"]["table"]))
    g = all_grads(params, ids, weights)
    print(describe(g))
    wgrad = jax.grad(head, argnums=2)(params, ids, weights)
    print("weight grad", np.asarray(wgrad).round(4))
