"""Near miss: the curried lambda factory's function computes with NumPy only."""
import jax
import jax.numpy as jnp
import numpy as np

make_weighting = lambda p: lambda counts: 1.0 / (1.0 + np.exp(-p * np.asarray(counts)))


def weighted(counts):
    host = make_weighting(0.6)
    out = jax.ShapeDtypeStruct(counts.shape, counts.dtype)
    return jax.pure_callback(lambda c: host(c).astype(np.float32), out, counts)


print(jax.jit(weighted)(jnp.arange(3.0)))
