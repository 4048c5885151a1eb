"""Fine-tuning with a partly frozen backbone.

The backbone's lookup table is evaluated by an external routine, so the code
freezes the backbone before it enters that routine.
"""
import functools
from typing import Any, Dict

import numpy as np
import jax
import jax.numpy as jnp

Params = Dict[str, Any]


def init(key) -> Params:
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "backbone": {"centers": jax.random.normal(k1, (6, 2)),
                     "widths": jnp.ones(6) * 0.5},
        "head": {"w": jax.random.normal(k2, (6,)) * 0.1,
                 "b": jax.random.normal(k3, ()) * 0.1},
    }


def _rbf_host(centers, widths, x):
    d2 = ((np.asarray(x)[:, None, :] - np.asarray(centers)[None]) ** 2).sum(-1)
    return np.exp(-d2 / (2 * np.asarray(widths) ** 2)).astype(np.float32)


def rbf_features(backbone, x):
    n, k = x.shape[0], backbone["centers"].shape[0]
    spec = jax.ShapeDtypeStruct((n, k), jnp.float32)
    return jax.pure_callback(_rbf_host, spec, backbone["centers"], backbone["widths"], x,
                             vmap_method="sequential")


def freeze(tree, keys):
    return {k: (jax.tree_util.tree_map(jax.lax.stop_gradient, v) if k in keys else v)
            for k, v in tree.items()}


def forward(params, x):
    bb = params["backbone"]
    bb = {"centers": jax.lax.stop_gradient(bb["centers"]), "widths": bb["widths"]}
    feats = rbf_features(bb, x)
    return feats @ params["head"]["w"] + params["head"]["b"]


def mse(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def finetune_step(params, x, y, lr):
    loss, g = jax.value_and_grad(mse)(params, x, y)
    g = freeze(g, ("backbone",))
    new = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)
    return new, loss


def data(n=24, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-2, 2, (n, 2)).astype(np.float32)
    y = np.sin(x[:, 0]) * np.cos(x[:, 1])
    return jnp.asarray(x), jnp.asarray(y.astype(np.float32))


def save_results(path, **arrays):
    import json
    import os
    payload = {k: np.asarray(v).tolist() for k, v in arrays.items()}
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        json.dump(payload, fh, indent=2)
    return path


def relative_error(a, b, eps=1e-12):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.linalg.norm(a - b) / (np.linalg.norm(b) + eps))


if __name__ == "__main__":
    x, y = data()
    params = init(jax.random.PRNGKey(0))
    print("initial mse", float(mse(params, x, y)))
    step = jax.jit(functools.partial(finetune_step, lr=0.2))
    for i in range(5):
        params, loss = step(params, x, y)
        print(i, float(loss))
