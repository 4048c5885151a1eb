"""A test function vmaps a host call without vmap_method; a small runner finds it by name.

Re-expresses jax's tests/python_callback_test.py (test_vmap_method_raise).
"""

import jax
import jax.numpy as jnp
import numpy as np


def test_batched_host_sine():
    @jax.vmap
    def host_sine(x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(np.sin, shape, x)  # EXPECT: JAX008

    return host_sine(jnp.arange(4.0))


if __name__ == "__main__":
    for name, test in sorted(globals().items()):
        if name.startswith("test_"):
            test()
