"""Graph convolution with explicit message passing (segment_sum over integer receivers)."""
from typing import NamedTuple
import jax
import jax.numpy as jnp


class Graph(NamedTuple):
    nodes: jnp.ndarray
    senders: jnp.ndarray
    receivers: jnp.ndarray


def gcn_layer(W, g):
    n = g.nodes.shape[0]
    deg = jax.ops.segment_sum(jnp.ones_like(g.receivers, dtype=jnp.float32), g.receivers, n) + 1.0
    norm = jax.lax.rsqrt(deg)
    msgs = (g.nodes * norm[:, None])[g.senders]
    agg = jax.ops.segment_sum(msgs, g.receivers, num_segments=n) * norm[:, None]
    return g._replace(nodes=jnp.tanh((agg + g.nodes / deg[:, None]) @ W))


def loss(params, g, targets):
    for W in params:
        g = gcn_layer(W, g)
    return jnp.mean((g.nodes.sum(-1) - targets) ** 2)


senders = jnp.array([0, 1, 1, 2, 3, 4, 2])
receivers = jnp.array([1, 0, 2, 1, 4, 3, 3])
g = Graph(jax.random.normal(jax.random.key(0), (5, 4)), senders, receivers)
targets = jnp.array([0.1, 0.5, -0.2, 0.3, 0.0])
params = [0.3 * jax.random.normal(k, (4, 4)) for k in jax.random.split(jax.random.key(1), 2)]
grad_fn = jax.jit(jax.grad(loss))
for _ in range(50):
    params = jax.tree.map(lambda p, d: p - 0.1 * d, params, grad_fn(params, g, targets))
print(loss(params, g, targets))
