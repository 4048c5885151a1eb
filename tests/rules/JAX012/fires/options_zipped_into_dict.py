"""Callback options built with `dict(zip(names, values))` from two module-level lists."""
import numpy as np
import jax
import jax.numpy as jnp

OPTION_NAMES = ["vectorized"]
OPTION_VALUES = [True]


def cube_host(x):
    return (np.asarray(x) ** 3).astype(np.float32)


@jax.jit
def cubed(x):
    opts = dict(zip(OPTION_NAMES, OPTION_VALUES))
    return jax.pure_callback(cube_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **opts)  # EXPECT: JAX012


print(cubed(jnp.arange(3.0)))
