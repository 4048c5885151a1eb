"""A custom_vmap rule replaces only the innermost vmap's batching: an outer vmap batches the
rule's own ordered io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.custom_batching import custom_vmap
from jax.experimental import io_callback


def _log(v):
    return np.asarray(v, dtype=np.float32)


@custom_vmap
def logged(x):
    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)


@logged.def_vmap
def _logged_batch(axis_size, in_batched, xs):
    return io_callback(_log, jax.ShapeDtypeStruct(xs.shape, xs.dtype), xs, ordered=True), True  # EXPECT: JAX013


def doubled(x):
    return logged(x * 2.0)


print(jax.vmap(jax.vmap(doubled))(jnp.arange(6.0).reshape(2, 3)))
