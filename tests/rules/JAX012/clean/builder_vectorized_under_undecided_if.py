"""A builder whose `.batched()` runs only under a test that never holds: no `vectorized` given."""
import sys

import numpy as np
import jax
import jax.numpy as jnp


def _halve(x):
    return (np.asarray(x) / 2.0).astype(np.float32)


class HalverBuilder:
    def __init__(self):
        self._opts = {}

    def per_row(self):
        self._opts.setdefault("vmap_method", "sequential")
        return self

    def batched(self, flag=True):
        self._opts["vectorized"] = flag
        return self

    def build(self):
        opts = dict(self._opts)

        def run(x):
            spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
            return jax.pure_callback(_halve, spec, x, **opts)
        return run


builder = HalverBuilder().per_row()
if len(sys.argv) > 5:
    builder.batched()
halve = builder.build()
print(jax.jit(halve)(jnp.arange(3.0)))
