"""`self.__class__.OPTIONS` reads the options of the instance's own class (the subclass's
override with `vectorized=`), which JAX 0.10 passes on to the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return (np.asarray(x) * 4.0).astype(np.float32)


class Kernel:
    OPTIONS = {}

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(host, spec, x, **self.__class__.OPTIONS)  # EXPECT: JAX012


class OldKernel(Kernel):
    OPTIONS = {"vectorized": True}


if __name__ == "__main__":
    print(jax.jit(OldKernel())(jnp.ones(3)))
