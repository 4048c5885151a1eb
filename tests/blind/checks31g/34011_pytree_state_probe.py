# shape from: https://docs.jax.dev/en/latest/_autosummary/jax.experimental.io_callback.html (pytree result_shape_dtypes; pytree args)
"""Send a whole optimizer-state pytree to a host inspector that returns summary statistics."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Summary(NamedTuple):
    norm: jax.Array
    count: jax.Array


_calls = {"n": 0}


def host_inspect(state: dict) -> Summary:
    leaves = [np.asarray(v) for v in jax.tree.leaves(state)]
    _calls["n"] += 1
    total = np.sqrt(sum(float((l.astype(np.float64) ** 2).sum()) for l in leaves))
    return Summary(np.float32(total), np.int32(_calls["n"]))


def inspect(state: dict) -> Summary:
    spec = Summary(jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((), jnp.int32))
    return io_callback(host_inspect, spec, state, ordered=True)


def adam_like_update(params, moments, grads, lr=1e-2):
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, moments, grads)
    p = jax.tree.map(lambda p, m: p - lr * m, params, m)
    summary = inspect({"params": p, "moments": m, "lr": jnp.float32(lr)})
    return p, m, summary


if __name__ == "__main__":
    params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
    moments = jax.tree.map(jnp.zeros_like, params)
    # per-example gradients, one update per example (e.g. for a sensitivity study)
    per_example_grads = {"w": jnp.ones((5, 3, 2)), "b": jnp.ones((5, 2))}
    p, m, s = jax.vmap(adam_like_update, in_axes=(None, None, 0))(params, moments, per_example_grads)
    print(s.norm, s.count)
