"""optax transformation that quantises updates on the host (simulated low-precision comms)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax


def host_quantize(u, levels, *, vectorized=True):
    u = np.asarray(u, dtype=np.float64)
    levels = int(np.asarray(levels))
    scale = np.max(np.abs(u)) + 1e-12
    return (np.round(u / scale * levels) / levels * scale).astype(np.float32)


class QuantState(NamedTuple):
    levels: jnp.ndarray


def quantize_updates(levels: int = 8) -> optax.GradientTransformation:
    def init_fn(params):
        del params
        return QuantState(levels=jnp.asarray(levels, jnp.int32))

    def update_fn(updates, state, params=None):
        del params

        def q(u):
            return jax.pure_callback(host_quantize, jax.ShapeDtypeStruct(u.shape, u.dtype),
                                     u, state.levels, vectorized=True)
        return jax.tree_util.tree_map(q, updates), state

    return optax.GradientTransformation(init_fn, update_fn)


def loss(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w1"]) @ params["w2"] - y) ** 2)


if __name__ == "__main__":
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(4), 3)
    params = {"w1": jax.random.normal(k1, (3, 4)) * 0.3, "w2": jax.random.normal(k2, (4,)) * 0.3}
    x = jax.random.normal(k3, (8, 3))
    y = jnp.sin(x[:, 0])
    opt = optax.chain(optax.sgd(0.1), quantize_updates(4))
    state = opt.init(params)

    @jax.jit
    def step(params, state):
        l, g = jax.value_and_grad(loss)(params, x, y)
        upd, state = opt.update(g, state, params)
        return optax.apply_updates(params, upd), state, l

    for _ in range(3):
        params, state, l = step(params, state)
    print(round(float(l), 5))
