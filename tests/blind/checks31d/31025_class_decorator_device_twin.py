"""A class decorator that attaches a host __call__ and a jitted device twin."""
import jax
import jax.numpy as jnp
import numpy as np


def with_device_twin(cls):
    def __call__(self, *arrays):
        return cls.host_compute(self, *[np.asarray(a) for a in arrays])
    cls.__call__ = __call__
    cls.device = jax.jit(lambda self_, x: cls.device_compute(self_, x), static_argnums=0)
    return cls


@with_device_twin
class Softsign:
    def __init__(self, scale):
        self.scale = scale

    def host_compute(self, x):
        return (x / (self.scale + np.abs(x))).astype(x.dtype)

    def device_compute(self, x):
        return x / (self.scale + jnp.abs(x))


op = Softsign(1.0)


@jax.jit
def mismatch(x):
    host = jax.pure_callback(op, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.abs(host - op.device_compute(x)).max()


if __name__ == "__main__":
    x = jnp.linspace(-2.0, 2.0, 5)
    print(mismatch(x), op.device(x))
