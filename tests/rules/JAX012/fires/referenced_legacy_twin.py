"""A legacy twin with `vectorized=` next to the `vmap_method=` call of the same host, still
chosen by a flag: it runs, and JAX 0.10 passes `vectorized=` on to the host."""
import jax
import jax.numpy as jnp
import numpy as np

use_legacy = True


def host_clip(t):
    return np.clip(np.asarray(t), 0.5, 0.95).astype(np.float32)


def clipped_legacy(t):
    return jax.pure_callback(host_clip, jax.ShapeDtypeStruct(t.shape, jnp.float32), t,  # EXPECT: JAX012
                             vectorized=True)


def clipped(t):
    return jax.pure_callback(host_clip, jax.ShapeDtypeStruct(t.shape, jnp.float32), t,
                             vmap_method="expand_dims")


print(jax.jit(clipped_legacy if use_legacy else clipped)(jnp.array([0.1, 0.7, 2.0])))
