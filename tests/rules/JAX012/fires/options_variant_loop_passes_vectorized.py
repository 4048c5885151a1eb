"""Notebook export: a timing loop over callback-option variants; one variant adds
`vectorized=True`, which the forwarding helper spreads into `pure_callback`."""
# %%
import jax
import jax.numpy as jnp
import numpy as np


def halve(x):
    return (0.5 * np.asarray(x)).astype(np.float32)


def feature(x, **cb):
    return jax.pure_callback(halve, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **cb)  # EXPECT: JAX012


variants = {
    "sequential": dict(vmap_method="sequential"),
    "old": dict(vmap_method="sequential", vectorized=True),
}

# %%
for name, cb in variants.items():
    f = jax.jit(jax.vmap(lambda x: feature(x, **cb)))
    print(name, f(jnp.ones((2, 3))))
