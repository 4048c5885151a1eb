"""The host function normalises with JAX for a 2-d operand; the operand here is one slice of
a stack of tables (`jnp.ones((2, 4, 3))[1]`, a matrix), so the host takes its JAX branch."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_unit(values):
    arr = np.asarray(values)
    if arr.ndim == 2:
        scale = np.asarray(jnp.linalg.norm(arr, axis=-1, keepdims=True))  # EXPECT: JAX011
    else:
        scale = np.full_like(arr, np.sqrt(np.sum(arr * arr)))
    return (arr / np.maximum(scale, 1e-6)).astype(arr.dtype)


def unit(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_host_unit, spec, x)


if __name__ == "__main__":
    tables = jnp.ones((2, 4, 3))
    print(jax.jit(unit)(tables[1]))
