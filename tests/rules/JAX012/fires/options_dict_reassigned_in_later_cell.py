"""Notebook export: a later cell re-assigns the options dict with `"vectorized": True`, and
the batched run after it spreads it into `pure_callback` (the host is then called with the
keyword it does not take)."""
# %%
import jax
import jax.numpy as jnp
import numpy as np


def double(x):
    return (2.0 * np.asarray(x)).astype(np.float32)


opts = {"vmap_method": "sequential"}


def f(x):
    return jax.pure_callback(double, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **opts)  # EXPECT: JAX012


print(jax.vmap(f)(jnp.ones((2, 3))))

# %%
opts = {**opts, "vectorized": True}

# %%
print(jax.vmap(f)(jnp.ones((2, 3))))
