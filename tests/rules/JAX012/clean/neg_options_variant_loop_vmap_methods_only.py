"""Notebook export: a timing loop over callback-option variants, each choosing a
`vmap_method` only (the old spelling is the supported `"legacy_vectorized"`)."""
# %%
import jax
import jax.numpy as jnp
import numpy as np


def halve(x):
    return (0.5 * np.asarray(x)).astype(np.float32)


def feature(x, **cb):
    return jax.pure_callback(halve, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **cb)


variants = {
    "sequential": dict(vmap_method="sequential"),
    "old": dict(vmap_method="legacy_vectorized"),
}

# %%
for name, cb in variants.items():
    f = jax.jit(jax.vmap(lambda x: feature(x, **cb)))
    print(name, f(jnp.ones((2, 3))))
