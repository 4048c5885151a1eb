"""`type(self).legacy` reads the class-level flag `__init_subclass__` set from the subclass's
class keyword: the `Legacy` sampler's options give `vectorized=`, which JAX 0.10 passes on to
the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Sampler:
    legacy = False

    def __init_subclass__(cls, legacy=False, **kw):
        super().__init_subclass__(**kw)
        cls.legacy = legacy

    def options(self):
        return {"vectorized": True} if type(self).legacy else {}

    def host(self, x):
        return (np.asarray(x) - 1.0).astype(np.float32)

    def sample(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(self.host, spec, x, **self.options())  # EXPECT: JAX012


class Legacy(Sampler, legacy=True):
    pass


class Current(Sampler):
    pass


if __name__ == "__main__":
    sampler = Legacy()
    print(jax.jit(sampler.sample)(jnp.ones(3)))
