"""In a diamond, `super()` in the left branch resolves through the instance's MRO to the right
branch (a sibling, not the left branch's base): the right branch's options give `vectorized=`."""
import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return (np.asarray(x) + 1.0).astype(np.float32)


class Root:
    def options(self):
        return {}


class Left(Root):
    def options(self):
        return dict(super().options())


class Right(Root):
    def options(self):
        return {**super().options(), "vectorized": False}


class Both(Left, Right):
    def run(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(host, spec, x, **self.options())  # EXPECT: JAX012


if __name__ == "__main__":
    print(jax.jit(Both().run)(jnp.ones(3)))
