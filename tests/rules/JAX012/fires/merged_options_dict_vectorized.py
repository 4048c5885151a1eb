"""Per-call options merged into shared defaults (`dict(defaults) | {...}`, PEP 584) add the
removed keyword: JAX passes it on to the host."""
import jax
import jax.numpy as jnp
import numpy as np

DEFAULT_OPTIONS = dict(vmap_method="sequential")
# kept from before JAX 0.4.34, when `vectorized=True` was the fast path
FAST_OPTIONS = dict(DEFAULT_OPTIONS) | {"vectorized": True}


def host_expm1(x):
    return np.expm1(np.asarray(x)).astype(np.float32)


def expm1(x):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_expm1, out, x, **FAST_OPTIONS)  # EXPECT: JAX012


print(jax.jit(expm1)(jnp.array([0.5, 1.0])))
