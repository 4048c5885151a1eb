# residual blocks with gradient checkpointing; activation statistics are streamed to the host
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ACT_STATS = []


def _dump(layer, mean, std):
    ACT_STATS.append((int(layer), float(mean), float(std)))


@partial(jax.checkpoint, static_argnums=(2,))
def block(w, h, layer):
    z = jnp.tanh(h @ w) + h
    io_callback(_dump, None, layer, jax.lax.stop_gradient(z.mean()),
                jax.lax.stop_gradient(z.std()))
    return z


def forward(ws, x):
    h = x
    for i, w in enumerate(ws):
        h = block(w, h, i)
    return jnp.sum(h ** 2)


rng = np.random.default_rng(0)
ws = [jnp.asarray(rng.normal(scale=0.3, size=(4, 4)), dtype=jnp.float32) for _ in range(3)]
x = jnp.ones((2, 4))
grads = jax.grad(forward)(ws, x)
print([g.shape for g in grads], len(ACT_STATS))
