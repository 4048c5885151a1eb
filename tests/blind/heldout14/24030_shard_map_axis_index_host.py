"""Per-shard loss weighting under shard_map: each data shard looks up its
sampling weight from a host-side registry keyed by the shard index."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((1,), ("data",))
SHARD_WEIGHTS = {0: 1.0, 1: 0.5, 2: 0.25, 3: 0.25}


def _weight_for(idx):
    return np.float32(SHARD_WEIGHTS[int(idx)])


def shard_weight():
    idx = jax.lax.axis_index("data")
    return jax.pure_callback(_weight_for, jax.ShapeDtypeStruct((), jnp.float32), idx)


def per_shard(w, xb, yb):
    resid = xb @ w - yb
    return jax.lax.psum(shard_weight() * jnp.sum(resid**2), "data")


@jax.jit
def loss(w, x, y):
    return jax.shard_map(per_shard, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                         out_specs=P())(w, x, y)


if __name__ == "__main__":
    x = jax.device_put(jnp.arange(12.0).reshape(6, 2) / 10, NamedSharding(mesh, P("data")))
    y = jax.device_put(jnp.ones(6), NamedSharding(mesh, P("data")))
    w = jnp.array([0.1, 0.2])
    for _ in range(3):
        l, g = jax.value_and_grad(loss)(w, x, y)
        w = w - 0.1 * g
        print(float(l))
