import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def rank_host(block, *, vectorized=None):
    block = np.asarray(block)
    order = np.argsort(block, kind="stable")
    ranks = np.empty_like(order)
    ranks[order] = np.arange(block.size)
    return ranks.astype(np.int32)


def local_ranks(block):
    spec = jax.ShapeDtypeStruct(block.shape, jnp.int32)
    return jax.pure_callback(rank_host, spec, block, vectorized=True)


def make_ranker(mesh):
    return jax.jit(jax.shard_map(local_ranks, mesh=mesh, in_specs=P("x"), out_specs=P("x")))


if __name__ == "__main__":
    mesh = Mesh(np.array(jax.devices()), ("x",))
    values = jnp.array([3.0, 1.0, 2.0, 0.5, 9.0, 4.0, 4.5, 0.1])
    values = jax.device_put(values, NamedSharding(mesh, P("x")))
    ranks = make_ranker(mesh)(values)
    print(values.sharding.spec, np.asarray(ranks).tolist())
