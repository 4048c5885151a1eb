"""Validation decorator with functools.wraps; some call sites unwrap before handing the host over."""
import functools
import inspect

import numpy as np
import jax
import jax.numpy as jnp


def validated(fn):
    @functools.wraps(fn)
    def checker(*arrays):
        arrays = [np.asarray(a) for a in arrays]
        if not bool(jnp.all(jnp.isfinite(arrays[0]))):
            raise ValueError("non-finite input")
        return fn(*arrays)
    return checker


@validated
def moments(x):
    x = np.asarray(x)
    return np.array([x.mean(), x.var(), ((x - x.mean()) ** 3).mean()], dtype=np.float32)


def as_callback(host, n_out):
    spec = jax.ShapeDtypeStruct((n_out,), jnp.float32)

    def traced(x):
        return jax.pure_callback(host, spec, x)
    return traced


stats = as_callback(inspect.unwrap(moments), 3)


@jax.jit
def features(x):
    m = stats(x)
    return jnp.concatenate([m, jnp.array([x.max()])])


def describe(f):
    return f"{f.__name__}{inspect.signature(f)}"


if __name__ == "__main__":
    print(describe(moments))
    print("features", features(jnp.arange(6.0, dtype=jnp.float32)))
