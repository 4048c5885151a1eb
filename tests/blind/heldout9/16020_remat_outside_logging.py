# gradient checkpointing on the blocks, activation statistics written to the host after each block
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ACT_STATS = []


def _dump(layer, mean, std):
    ACT_STATS.append((int(layer), float(mean), float(std)))


@jax.checkpoint
def block(w, h):
    return jnp.tanh(h @ w) + h


def forward(ws, x):
    h = x
    for i, w in enumerate(ws):
        h = block(w, h)
        hs = jax.lax.stop_gradient(h)
        io_callback(_dump, None, i, hs.mean(), hs.std(), ordered=True)
    return jnp.sum(h ** 2)


rng = np.random.default_rng(0)
ws = [jnp.asarray(rng.normal(scale=0.3, size=(4, 4)), dtype=jnp.float32) for _ in range(3)]
x = jnp.ones((2, 4))
grads = jax.grad(forward)(ws, x)
print([g.shape for g in grads], ACT_STATS)
