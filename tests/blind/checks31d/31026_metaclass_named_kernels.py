"""Kernels registered by a metaclass; the names mention jnp, the bodies are NumPy."""
import jax
import jax.numpy as jnp
import numpy as np


class Registered(type):
    table = {}

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        key = ns.get("key")
        if key:
            Registered.table[key] = cls


class HostKernel(metaclass=Registered):
    key = None


class JnpStyleCumsum(HostKernel):
    key = "jnp.cumsum"

    def __call__(self, v):
        return np.cumsum(np.asarray(v), axis=0)


class JnpStyleDiff(HostKernel):
    key = "jnp.diff"

    def __call__(self, v):
        v = np.asarray(v)
        return np.concatenate([v[:1], np.diff(v, axis=0)])


def run_kernel(key, x):
    return jax.pure_callback(Registered.table[key](), jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@jax.jit
def roundtrip(x):
    return run_kernel("jnp.diff", run_kernel("jnp.cumsum", x)) - x


if __name__ == "__main__":
    print(roundtrip(jnp.array([1.0, 4.0, 2.0, 8.0])))
