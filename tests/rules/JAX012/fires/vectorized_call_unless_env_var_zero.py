"""The call passing the removed `vectorized=` runs unless an environment variable is set to
"0": unset, the script reaches it, and the host raises a TypeError."""
import os

import numpy as np
import jax
import jax.numpy as jnp


def _host_double(x):
    return np.asarray(x) * 2


def doubled_legacy(x):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX012
                             vectorized=True)


if __name__ == "__main__":
    x = jnp.arange(3.0)
    if os.environ.get("DOUBLE_LEGACY") != "0":
        print(jax.jit(doubled_legacy)(x))
