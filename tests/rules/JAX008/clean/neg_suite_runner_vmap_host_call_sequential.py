"""A test function vmaps a host call that says how to batch it (vmap_method="sequential").

Near miss of suite_runner_vmap_host_call_no_vmap_method.py: JAX runs it.
"""

import jax
import jax.numpy as jnp
import numpy as np


def test_batched_host_sine():
    @jax.vmap
    def host_sine(x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(np.sin, shape, x, vmap_method="sequential")

    return host_sine(jnp.arange(4.0))


if __name__ == "__main__":
    for name, test in sorted(globals().items()):
        if name.startswith("test_"):
            test()
