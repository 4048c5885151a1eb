"""`vectorized=` in the `except ImportError` fallback of an optional import that is missing:
the fallback runs, and JAX 0.10 passes `vectorized=` on to the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_cummax(x):
    return np.maximum.accumulate(np.asarray(x), axis=-1)


def cummax(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    try:
        from not_an_installed_module import fast_cummax
        return fast_cummax(x)
    except ImportError:
        return jax.pure_callback(host_cummax, spec, x, vectorized=True)  # EXPECT: JAX012


print(jax.jit(cummax)(jnp.array([1.0, 3.0, 2.0])))
