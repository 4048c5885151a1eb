"""A wrapper adds the old `vectorized=` only when its keywords hold no `vmap_method`, but the
dict was handed to a helper that stores `vmap_method` into it first: the test finds it, and
`vectorized` never reaches `jax.pure_callback`."""
import jax
import jax.numpy as jnp
import numpy as np


def _defaults(options):
    options["vmap_method"] = "sequential"


def host_call(host, x):
    kw = {}
    _defaults(kw)
    if "vmap_method" not in kw:
        kw["vectorized"] = True
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)


def _cube(x):
    return (np.asarray(x) ** 3).astype(np.float32)


print(jax.jit(lambda x: host_call(_cube, x))(jnp.arange(3.0)))
