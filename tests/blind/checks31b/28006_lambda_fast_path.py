import jax
import jax.numpy as jnp
import numpy as np


def _kernel(a, b):
    return jnp.exp(-jnp.abs(a[:, None] - b[None, :]))


_fast_kernel = jax.jit(_kernel)

grid = np.linspace(0.0, 1.0, 4, dtype=np.float32)


def gram_row(x):
    return jax.pure_callback(
        lambda v: np.asarray(_fast_kernel(np.asarray(v), grid)),
        jax.ShapeDtypeStruct(x.shape + grid.shape, x.dtype),
        x,
    )


def features(x):
    return jnp.tanh(gram_row(x)).sum(axis=-1)


print(jax.jit(features)(jnp.array([0.1, 0.7, 0.3])))
