"""An ordered io_callback under jax.vmap: JAX raises ValueError (Cannot `vmap` ordered IO
callback)."""
# Re-expressed from jax-ml/jax tests/python_callback_test.py:1190-1196
# (test_cannot_call_ordered_io_in_vmap, which expects the error).
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def f(x):
    return io_callback(  # EXPECT: JAX013
        lambda x: x, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)


print(jax.vmap(f)(jnp.arange(4)))
