"""A custom optax transformation that reports the update norm to a host-side monitor."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax


class MonitorState(NamedTuple):
    count: jnp.ndarray


class NormMonitor:
    def __init__(self):
        self.rows = []

    def observe(self, step, *leaves):
        step = int(np.asarray(step))
        flat = np.concatenate([np.ravel(np.asarray(l)) for l in leaves])
        norm = float(jnp.linalg.norm(flat))
        self.rows.append((step, norm))


MONITOR = NormMonitor()


def monitored(inner: optax.GradientTransformation) -> optax.GradientTransformation:
    def init_fn(params):
        return (inner.init(params), MonitorState(count=jnp.zeros([], jnp.int32)))

    def update_fn(updates, state, params=None):
        inner_state, mon = state
        updates, inner_state = inner.update(updates, inner_state, params)
        jax.debug.callback(MONITOR.observe, mon.count, *jax.tree_util.tree_leaves(updates))
        return updates, (inner_state, MonitorState(count=mon.count + 1))

    return optax.GradientTransformation(init_fn, update_fn)


def loss(params, x, y):
    pred = x @ params["w"] + params["b"]
    return optax.huber_loss(pred, y).mean()


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    x = jnp.asarray(rng.normal(size=(10, 3)), dtype=jnp.float32)
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    opt = optax.chain(optax.clip_by_global_norm(1.0), monitored(optax.adam(0.1)))
    state = opt.init(params)

    @jax.jit
    def step(params, state):
        g = jax.grad(loss)(params, x, y)
        upd, state = opt.update(g, state, params)
        return optax.apply_updates(params, upd), state

    for _ in range(4):
        params, state = step(params, state)
    jax.effects_barrier()
    print(MONITOR.rows)
