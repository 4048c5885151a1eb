"""A wrapper fills in the old `vectorized=` default with `kwargs.setdefault` only when its
caller gave no `vmap_method`: a call that gives none spreads `vectorized` into
`jax.pure_callback`, which passes it on to a host that does not take it."""
import jax
import jax.numpy as jnp
import numpy as np


def host_call(host, spec, *args, **kwargs):
    if "vmap_method" not in kwargs:
        kwargs.setdefault("vectorized", False)
    return jax.pure_callback(host, spec, *args, **kwargs)  # EXPECT: JAX012


def _ratio(num, den):
    return (np.asarray(num) / np.asarray(den)).astype(np.float32)


def _square(x):
    return (np.asarray(x) ** 2).astype(np.float32)


def squares(x):
    return host_call(_square, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                     vmap_method="sequential")


def ratio(a, b):
    return host_call(_ratio, jax.ShapeDtypeStruct(a.shape, a.dtype), a, b)


x = jnp.arange(1.0, 4.0)
print(jax.jit(squares)(x))
print(jax.jit(ratio)(x, x + 1.0))
