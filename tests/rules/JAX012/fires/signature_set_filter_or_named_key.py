"""Callback options kept where `jax.pure_callback`'s signature lists their name, or where the
name is `vectorized` (kept on purpose, for old JAX): JAX 0.10 hands it on to the host, which
does not take it."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np

LEGACY_OPTIONS = [("vectorized", False), ("vmap_method", "sequential")]
CALLBACK_PARAMS = set(inspect.signature(jax.pure_callback).parameters)
OPTIONS = {k: v for k, v in LEGACY_OPTIONS if k in CALLBACK_PARAMS or k == "vectorized"}


def host_cube(x):
    return np.power(np.asarray(x), 3).astype(np.float32)


@jax.jit
def cube(x):
    return jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             **OPTIONS)


if __name__ == "__main__":
    print(sorted(OPTIONS), cube(jnp.arange(3.0)))
