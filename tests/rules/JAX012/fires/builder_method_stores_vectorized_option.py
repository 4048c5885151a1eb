"""A fluent builder's `.batched()` stores `vectorized` into its options dict, later spread."""
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
            return jax.pure_callback(_halve, spec, x, **opts)  # EXPECT: JAX012
        return run


halve = HalverBuilder().per_row().batched().build()
print(jax.jit(halve)(jnp.arange(3.0)))
