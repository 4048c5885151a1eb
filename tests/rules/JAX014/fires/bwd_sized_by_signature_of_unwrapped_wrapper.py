"""A custom_vjp factory sizes its bwd by `len(inspect.signature(fn).parameters)`; the
primal is a casting wrapper without `functools.wraps`, whose signature is `(*args)`: one
cotangent for two arguments."""
import functools
import inspect

import jax
import jax.numpy as jnp


def central_difference(fn):
    n = len(inspect.signature(fn).parameters)
    wrapped = jax.custom_vjp(fn)

    def fwd(*args):
        return fn(*args), args

    def bwd(res, g):  # EXPECT: JAX014
        out = []
        for i in range(n):
            hi, lo = list(res), list(res)
            hi[i] = hi[i] + 1e-3
            lo[i] = lo[i] - 1e-3
            out.append(g * (fn(*hi) - fn(*lo)) / 2e-3)
        return tuple(out)

    wrapped.defvjp(fwd, bwd)
    return wrapped


def as_float32(fn):
    def cast(*args):
        return fn(*[jnp.asarray(a, jnp.float32) for a in args])
    return cast


@central_difference
@as_float32
def bowl(x, y):
    return x ** 2 + 3.0 * y ** 2


if __name__ == "__main__":
    print(jax.grad(bowl, argnums=(0, 1))(1.0, 2.0))
