"""A mixin adds `vmap_method` to the options of the class after it in the subclass's MRO through
`super()`; the base class's own options are empty."""
import numpy as np
import jax
import jax.numpy as jnp


class HostCaller:
    def options(self):
        return {}

    def call(self, fn, x):
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **self.options())


class BatchedOptions:
    def options(self):
        return {**super().options(), "vmap_method": "sequential"}


class Squarer(HostCaller):
    def host(self, x):
        return np.square(np.asarray(x))

    def __call__(self, x):
        return self.call(self.host, x)


class BatchedSquarer(BatchedOptions, Squarer):
    pass


print(jax.jit(BatchedSquarer())(jnp.arange(3.0)))
