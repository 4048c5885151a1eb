"""A registry of callback callers picked by name: `smooth` is called only with the name "safe",
never the name "fast", whose entry binds the removed `vectorized=True`: that
entry is made but never called, so JAX never sees the keyword."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

RUNNERS = {
    "safe": partial(jax.pure_callback, vmap_method="sequential"),
    "fast": partial(jax.pure_callback, vectorized=True),
}


def host_clip(x):
    return np.clip(np.asarray(x), -1.0, 1.0).astype(np.float32)


def smooth(x, mode):
    run = RUNNERS[mode]
    return run(host_clip, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


if __name__ == "__main__":
    print(smooth(jnp.linspace(-2.0, 2.0, 5, dtype=jnp.float32), "safe"))
