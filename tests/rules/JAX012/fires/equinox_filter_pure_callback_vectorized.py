"""`eqx.filter_pure_callback` hands `vectorized=` on to `jax.pure_callback` with a host function
of its own, which takes no `vectorized`: it fails even though the function given to equinox
takes `**options`."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def host_scale(x, factor, **options):
    return {"y": (np.asarray(x) * factor).astype(np.float32), "unit": "m"}


def scale(x):
    out = {"y": jax.ShapeDtypeStruct(x.shape, jnp.float32), "unit": "m"}
    return eqx.filter_pure_callback(host_scale, x, 2.0, result_shape_dtypes=out, vectorized=True)["y"]  # EXPECT: JAX012


print(eqx.filter_jit(scale)(jnp.arange(3.0)))
