import jax
import jax.numpy as jnp
import numpy as np


def _kernel(a, b, xp=np):
    return xp.exp(-xp.abs(a[:, None] - b[None, :]))


_fast_kernel = jax.jit(lambda a, b: _kernel(a, b, xp=jnp))

grid = np.linspace(0.0, 1.0, 4, dtype=np.float32)


def gram_row(x):
    return jax.pure_callback(
        lambda v: _kernel(np.asarray(v), grid).astype(np.float32),
        jax.ShapeDtypeStruct(x.shape + grid.shape, x.dtype),
        x,
    )


def features(x):
    return jnp.tanh(gram_row(x) + _fast_kernel(x, jnp.asarray(grid))).sum(axis=-1)


print(jax.jit(features)(jnp.array([0.1, 0.7, 0.3])))
