# Models: Jacobian of a graph-message-passing layer with jacrev(argnums=(0, 2), has_aux=True); argument 2 is the integer edge index array
import jax
import jax.numpy as jnp


def message_pass(node_feats, weight, senders, receivers):
    msgs = node_feats[senders] @ weight
    agg = jax.ops.segment_sum(msgs, receivers, num_segments=node_feats.shape[0])
    out = jnp.tanh(agg + node_feats)
    return out.ravel(), {"degree": jnp.bincount(receivers, length=node_feats.shape[0])}


def layer_jacobians(x, W, snd, rcv):
    jac = jax.jacrev(message_pass, argnums=(0, 2), has_aux=True)
    (dx, dsnd), aux = jac(x, W, snd, rcv)
    return dx, dsnd, aux


def ring_graph(n):
    senders = jnp.arange(n, dtype=jnp.int32)
    receivers = (senders + 1) % n
    return senders, receivers


def normalise(x, eps=1e-6):
    return (x - x.mean(0)) / (x.std(0) + eps)


def forward_report(x, W, snd, rcv):
    flat, aux = message_pass(normalise(x), W, snd, rcv)
    print("output", flat.reshape(x.shape).round(3))
    print("in-degree", aux["degree"])
    return flat


def glorot(key, shape):
    lim = jnp.sqrt(6.0 / sum(shape))
    return jax.random.uniform(key, shape, minval=-lim, maxval=lim)


if __name__ == "__main__":
    rs, rr = ring_graph(3)
    forward_report(jnp.eye(3)[:, :2], glorot(jax.random.key(0), (2, 2)), rs, rr)
    x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    W = jnp.array([[0.5, -0.2], [0.1, 0.3]])
    snd = jnp.array([0, 1, 2, 2], jnp.int32)
    rcv = jnp.array([1, 2, 0, 1], jnp.int32)
    dx, dsnd, aux = layer_jacobians(x, W, snd, rcv)
    print(dx.shape, aux["degree"])
