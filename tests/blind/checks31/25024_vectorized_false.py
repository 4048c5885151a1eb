import numpy as np
import jax
import jax.numpy as jnp


def _host_rank(x):
    order = np.argsort(np.asarray(x))
    ranks = np.empty_like(order)
    ranks[order] = np.arange(order.size)
    return ranks.astype(np.int32)


def rank(x):
    return jax.pure_callback(_host_rank, jax.ShapeDtypeStruct(x.shape, jnp.int32), x,
                             vectorized=False)


scores = jnp.array([0.3, 0.1, 0.9, 0.5])
print(jax.jit(rank)(scores))
