"""Message passing with rematerialised layers that report how many edges were active."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

active_counts = []
senders = jnp.array([0, 1, 2, 3, 1])
receivers = jnp.array([1, 2, 3, 0, 3])


def _count(n):
    active_counts.append(int(n))


def layer(w, h):
    gate = (h[senders].sum(-1) > 0).astype(jnp.int32)
    io_callback(_count, None, gate.sum())
    msgs = (h[senders] @ w) * gate[:, None]
    return h + jax.nn.relu(jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0]))


remat_layer = jax.checkpoint(layer)


def loss(ws, h, y):
    for w in ws:
        h = remat_layer(w, h)
    return jnp.mean((h.sum(-1) - y) ** 2)


ws = [0.5 * jnp.eye(3), 0.5 * jnp.eye(3)]
h = jnp.arange(12.0).reshape(4, 3) / 10 - 0.3
y = jnp.zeros(4)
print(loss(ws, h, y))
grads = jax.grad(loss)(ws, h, y)
print(active_counts, jax.tree.map(jnp.shape, grads))
