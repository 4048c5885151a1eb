"""Deep message-passing stack with per-layer remat (dots_saveable) and named scopes for profiling."""
import jax
import jax.numpy as jnp
from jax import lax

N, D, LAYERS = 6, 8, 4
senders = jnp.array([0, 1, 2, 3, 4, 5, 0, 2])
receivers = jnp.array([1, 2, 3, 4, 5, 0, 3, 5])


def mp_layer(w, h, senders, receivers):
    with jax.named_scope("gather"):
        msgs = h[senders] @ w
    with jax.named_scope("scatter"):
        agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
    return h + jnp.tanh(agg)


layer = jax.checkpoint(mp_layer, policy=jax.checkpoint_policies.dots_saveable)


@jax.named_call
def network(ws, h):
    def body(h, w):
        return layer(w, h, senders, receivers), None
    h, _ = lax.scan(body, h, ws)
    return h


def loss(ws, h0, target):
    return jnp.mean((network(ws, h0).mean(-1) - target) ** 2)


key = jax.random.key(4)
ws = 0.2 * jax.random.normal(key, (LAYERS, D, D))
h0 = jax.random.normal(jax.random.fold_in(key, 1), (N, D))
target = jnp.linspace(-1, 1, N)
vg = jax.jit(jax.value_and_grad(loss))
for _ in range(10):
    l, g = vg(ws, h0, target)
    ws = ws - 0.1 * g
print(l)
