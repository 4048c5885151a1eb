"""Near miss: the call passing the removed `vectorized=` runs only when an environment
variable is set to "1"; unset, the script never reaches it."""
import os

import numpy as np
import jax
import jax.numpy as jnp


def _host_double(x):
    return np.asarray(x) * 2


def doubled(x):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def doubled_legacy(x):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vectorized=True)


if __name__ == "__main__":
    x = jnp.arange(3.0)
    print(jax.jit(doubled)(x))
    if os.environ.get("DOUBLE_LEGACY") == "1":
        print(jax.jit(doubled_legacy)(x))
