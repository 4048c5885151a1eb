"""Notebook export: the first host takes `**kw`; a later cell redefines it without, and the
eager re-run passes `vectorized=True` to the new one (TypeError from the host)."""
# %%
import jax
import jax.numpy as jnp
import numpy as np


def scale(x, **kw):
    return (2.0 * np.asarray(x)).astype(np.float32)


def f(x):
    return jax.pure_callback(scale, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=True)


print(jax.jit(f)(jnp.ones(3)))


# %%
def scale(x):
    return (3.0 * np.asarray(x)).astype(np.float32)


def g(x):
    return f(x) + 1.0


print(g(jnp.ones(3)))
