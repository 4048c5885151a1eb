"""The host's JAX branch is taken (`BACKEND` is its default, "jax", the variable unset); the
log it appends to is read afterwards by iterating it (`[s[0] for s in SNAPSHOTS]`): the
host calls JAX."""
import os

import jax
import jax.numpy as jnp
import numpy as np

BACKEND = os.environ.get("SMOOTH_HOST_BACKEND", "jax").lower()
SNAPSHOTS = []


def _quantiles(values):
    if BACKEND == "jax":
        return np.asarray(jnp.quantile(jnp.asarray(values), 0.5))  # EXPECT: JAX011
    return np.quantile(values, 0.5)


def _snapshot(step, values):
    SNAPSHOTS.append((int(np.asarray(step)), float(_quantiles(np.asarray(values)))))


def _smooth(xs):
    def body(i, m):
        m = 0.7 * m + 0.3 * xs[i]
        jax.debug.callback(_snapshot, i, m)
        return m

    return jax.lax.fori_loop(0, xs.shape[0], body, xs[0])


if __name__ == "__main__":
    out = jax.jit(_smooth)(jnp.arange(12.0).reshape(4, 3))
    jax.effects_barrier()
    print(out.shape, [s[0] for s in SNAPSHOTS])
