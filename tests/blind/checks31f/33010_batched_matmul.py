# shape from: jax-ml/jax#17187 (`jax.pure_callback(np.matmul, ..., vectorized=True)`)
"""Host matmul for float64 accumulation, called from float32 jitted code."""
import jax
import jax.numpy as jnp
import numpy as np


def _result_spec(a, b):
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"inner dimensions differ: {a.shape} @ {b.shape}")
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return jax.ShapeDtypeStruct(batch + (a.shape[-2], b.shape[-1]), jnp.result_type(a, b))


def host_matmul(a, b):
    spec = _result_spec(a, b)
    return jax.pure_callback(np.matmul, spec, a, b, vectorized=True)


@jax.jit
def gram(x):
    return host_matmul(x, jnp.swapaxes(x, -1, -2))


if __name__ == "__main__":
    x = jnp.arange(12.0, dtype=jnp.float32).reshape(2, 2, 3)
    g = gram(x)
    print(g.shape, g[0])
