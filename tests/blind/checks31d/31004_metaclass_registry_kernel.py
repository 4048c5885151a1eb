"""Kernels registered by a metaclass and looked up by name at call time."""
import jax
import jax.numpy as jnp
import numpy as np


class KernelMeta(type):
    registry = {}

    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        if bases:
            mcls.registry[name.lower()] = cls
        return cls


class Kernel(metaclass=KernelMeta):
    pass


class Runningtotal(Kernel):
    def __call__(self, values):
        values = np.asarray(values)
        acc = jax.lax.cumsum(values, axis=0)
        return np.asarray(acc)


class Runningmax(Kernel):
    def __call__(self, values):
        values = np.asarray(values)
        return np.maximum.accumulate(values, axis=0)


def host_scan(name, x):
    kernel = KernelMeta.registry[name]()
    return jax.pure_callback(kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@jax.jit
def features(x):
    return jnp.stack([host_scan("runningtotal", x), host_scan("runningmax", x)])


if __name__ == "__main__":
    print(features(jnp.array([3.0, 1.0, 4.0, 1.0, 5.0])))
