"""A class decorator wraps the methods whose names carry its prefix with a checker that
computes with JAX; the host method carries the prefix, so JAX runs on the host."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def checked(prefix):
    def wrap(method):
        @functools.wraps(method)
        def run(self, *args):
            out = method(self, *args)
            self.total = float(jnp.sum(out))  # EXPECT: JAX011
            return out
        return run

    def decorate(cls):
        for name, member in list(vars(cls).items()):
            if name.startswith(prefix) and callable(member):
                setattr(cls, name, wrap(member))
        return cls
    return decorate


@checked("host_")
class Scaler:
    def __init__(self, k):
        self.k = k
        self.total = 0.0

    def host_scale(self, x):
        return (np.asarray(x) * self.k).astype(np.float32)

    def apply(self, x):
        return jax.pure_callback(self.host_scale, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


if __name__ == "__main__":
    s = Scaler(3.0)
    print(jax.jit(s.apply)(jnp.ones(3, jnp.float32)), s.total)
