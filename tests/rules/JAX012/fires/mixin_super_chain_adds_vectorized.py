"""A cooperative mixin's `super().options()` reaches the next class of the instance's MRO (the
backend mixed in after it), not the mixin's own base `object`: the options gain `vectorized=`,
which JAX 0.10 passes on to the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Backend:
    def options(self):
        return {}

    def call(self, fn, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(fn, spec, x, **self.options())  # EXPECT: JAX012


class LegacyMixin:
    def options(self):
        return {**super().options(), "vectorized": True}


class Model(Backend):
    def host(self, x):
        return (np.asarray(x) * 2.0).astype(np.float32)

    def step(self, x):
        return self.call(self.host, x)


class LegacyModel(LegacyMixin, Model):
    pass


if __name__ == "__main__":
    print(jax.jit(LegacyModel().step)(jnp.ones(3)))
