"""The host function normalises with JAX only for a 2-d operand; the operand here is reshaped to
a matrix (`reshape(2, 3)`), so the host runs `jnp.linalg.norm`."""
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
    print(jax.jit(unit)(jnp.linspace(0.0, 1.0, 6).reshape(2, 3)))
