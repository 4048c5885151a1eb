"""A function builds the callback's keywords in a fresh dict, storing each option the module's
settings dict holds (`kw["vectorized"] = vec`); a later cell sets the old `vectorized` flag in
those settings before a sweep, so the dict spread into `jax.pure_callback` holds it."""
import jax
import jax.numpy as jnp
import numpy as np

settings = {"scale": 2.0}


def scale_host(x):
    return (np.asarray(x) * settings["scale"]).astype(np.float32)


def scaled(x):
    kw = {}
    if (vec := settings.get("vectorized")) is not None:
        kw["vectorized"] = vec
    if (vm := settings.get("vmap_method")) is not None:
        kw["vmap_method"] = vm
    return jax.pure_callback(scale_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)  # EXPECT: JAX012


print(jax.jit(scaled)(jnp.arange(3.0)))

settings["vectorized"] = False
settings["vmap_method"] = "sequential"
print(jax.vmap(scaled)(jnp.ones((2, 3))))
