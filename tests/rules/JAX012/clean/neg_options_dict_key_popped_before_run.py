"""Notebook export: a cell re-assigns the options dict with `"vectorized": True`, and the
next one pops the key again before the batched run."""
# %%
import jax
import jax.numpy as jnp
import numpy as np


def double(x):
    return (2.0 * np.asarray(x)).astype(np.float32)


opts = {"vmap_method": "sequential"}


def f(x):
    return jax.pure_callback(double, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **opts)


print(jax.vmap(f)(jnp.ones((2, 3))))

# %%
opts = {**opts, "vectorized": True}

# %%
opts.pop("vectorized")
print(jax.vmap(f)(jnp.ones((2, 3))))
