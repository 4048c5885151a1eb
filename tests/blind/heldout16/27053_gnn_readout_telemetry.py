"""Node-regression GNN whose readout reports weight norms to a host-side monitor."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Monitor:
    def __init__(self):
        self.norms = []

    def log(self, norm):
        self.norms.append(float(norm))
        return np.float32(norm)


MON = Monitor()
edges = jnp.array([[0, 1], [1, 2], [2, 3], [3, 0], [1, 3]])


def message_pass(params, x):
    s, r = edges[:, 0], edges[:, 1]
    m = jax.ops.segment_sum(x[s] @ params["w_msg"], r, num_segments=x.shape[0])
    m = m + jax.ops.segment_sum(x[r] @ params["w_msg"], s, num_segments=x.shape[0])
    return jax.nn.gelu(x @ params["w_self"] + m)


def readout(params, h):
    wn = io_callback(MON.log, jax.ShapeDtypeStruct((), jnp.float32),
                     jnp.sqrt(sum(jnp.sum(l ** 2) for l in jax.tree.leaves(params))))
    return h @ params["w_out"] / (1.0 + 0.0 * wn)


def loss(params, x, y):
    h = message_pass(params, x)
    return jnp.mean((readout(params, h).squeeze(-1) - y) ** 2)


key = jax.random.key(0)
ks = jax.random.split(key, 4)
params = {"w_msg": 0.3 * jax.random.normal(ks[0], (3, 3)),
          "w_self": 0.3 * jax.random.normal(ks[1], (3, 3)),
          "w_out": 0.3 * jax.random.normal(ks[2], (3, 1))}
x = jax.random.normal(ks[3], (4, 3))
y = jnp.array([1.0, 0.0, -1.0, 0.5])
for step in range(5):
    l, g = jax.value_and_grad(loss)(params, x, y)
    params = jax.tree.map(lambda p, d: p - 0.1 * d, params, g)
print(l, MON.norms[-1:])
