"""An ordered host backend used when an optional package imports; the package (the standard
library's `json`, always there) imports, so the vmap meets the ordered callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

try:
    import json as _backend  # optional backend: present
    HAVE_BACKEND = True
except ImportError:
    _backend = None
    HAVE_BACKEND = False


def _host(v):
    return np.asarray(v, dtype=np.float32)


def via_host(x):
    return io_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX013
                       ordered=True)


def via_jax(x):
    return x * 1.0


step = via_host if HAVE_BACKEND else via_jax
print(jax.vmap(step)(jnp.arange(3.0)))
