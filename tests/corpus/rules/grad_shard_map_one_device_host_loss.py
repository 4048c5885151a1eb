"""grad through jax.shard_map over a one-device mesh whose shard function calls a host loss."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((1,), ("data",))


def _host_abs_sum(r):
    return np.float32(np.abs(np.asarray(r)).sum())


def shard_loss(w, xb):
    local = jax.pure_callback(  # EXPECT: JAX001
        _host_abs_sum, jax.ShapeDtypeStruct((), jnp.float32), xb @ w, vmap_method="sequential"
    )
    return jax.lax.psum(local, "data")


def loss(w, x):
    return jax.shard_map(shard_loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())(w, x)


x = jax.device_put(jnp.ones((4, 3)), NamedSharding(mesh, P("data")))
print(jax.grad(loss)(jnp.ones(3), x))
