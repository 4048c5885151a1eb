"""An ordered host backend used only when an optional package imports; the package is not
installed where the program runs, so the vmap meets the pure-JAX fallback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

try:
    import jax_lsp_demo_absent_backend as _backend  # optional, not installed
    HAVE_BACKEND = True
except ImportError:
    _backend = None
    HAVE_BACKEND = False


def _host(v):
    return np.asarray(v, dtype=np.float32)


def via_host(x):
    return io_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, ordered=True)


def via_jax(x):
    return x * 1.0


step = via_host if HAVE_BACKEND else via_jax
print(jax.vmap(step)(jnp.arange(3.0)))
