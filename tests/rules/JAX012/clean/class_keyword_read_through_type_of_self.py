"""A class keyword stored by `__init_subclass__` is read back through `type(self)`; the class
used keeps the default, so no `vectorized` is passed."""
import numpy as np
import jax
import jax.numpy as jnp


class Lookup:
    batched = False

    def __init_subclass__(cls, batched=False, **kw):
        super().__init_subclass__(**kw)
        cls.batched = batched

    def host(self, x):
        return np.sqrt(np.abs(np.asarray(x))).astype(np.float32)

    def __call__(self, x):
        kw = {"vectorized": True} if type(self).batched else {}
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)


class BatchedLookup(Lookup, batched=True):
    pass


class PlainLookup(Lookup):
    pass


print(jax.jit(PlainLookup())(jnp.arange(4.0)))
