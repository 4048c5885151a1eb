"""A host function's array namespace from an optional package that is not installed: the
fallback binds `jax.numpy`, which then runs inside the callback's host."""
import jax
import jax.numpy as jnp
import numpy as np

try:
    import jax_lsp_demo_absent_arrays as xp  # optional host arrays, not installed
except ImportError:
    import jax.numpy as xp


def host(x):
    return np.asarray(xp.exp(np.asarray(x)), dtype=np.float32)  # EXPECT: JAX011


@jax.jit
def f(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(f(jnp.arange(3.0)))
