"""a host runs a class's functions found by `inspect.getmembers(cls, inspect.isfunction)`
whose names start with "check_": the jax.numpy one is not named so"""
import inspect

import jax
import jax.numpy as jnp
import numpy as np


class Checks:
    def check_finite(a):
        return bool(np.isfinite(a).all())

    @staticmethod
    def small(a):
        return bool(jnp.abs(a).max() < 1e3)

    @staticmethod
    def report(a):
        return str(a)


def host_checks(x):
    a = np.asarray(x)
    ok = [fn(a) for name, fn in inspect.getmembers(Checks, inspect.isfunction)
          if name.startswith("check_")]
    return np.bool_(all(ok))


@jax.jit
def guarded(x):
    ok = jax.pure_callback(host_checks, jax.ShapeDtypeStruct((), jnp.bool_), x)
    return jnp.where(ok, x, 0.0)


if __name__ == "__main__":
    print(guarded(jnp.arange(3.0)))
