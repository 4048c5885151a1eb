"""The host function is made by a curried lambda factory (`lambda p: lambda x: ...`): the
function it returns calls `jax.nn.sigmoid` on the host."""
import jax
import jax.numpy as jnp
import numpy as np

make_weighting = lambda p: lambda counts: np.asarray(jax.nn.sigmoid(p * np.asarray(counts)))  # EXPECT: JAX011


def weighted(counts):
    host = make_weighting(0.6)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(counts.shape, counts.dtype), counts)


print(jax.jit(weighted)(jnp.arange(3.0)))
