"""A decorator's wrapper declares `vectorized=` and drops it: the host the call holds is the
wrapper (applied by rebinding the name under a module flag), so the keyword binds there."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

TOLERATE_OLD_KEYWORDS = True


def tolerate(fn):
    @functools.wraps(fn)
    def wrapper(*args, vectorized=None, **rest):
        return fn(*args, **rest)
    return wrapper


def squash(x):
    return np.tanh(np.asarray(x)).astype(np.float32)


squash = tolerate(squash) if TOLERATE_OLD_KEYWORDS else squash


def apply(x):
    return jax.pure_callback(squash, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vectorized=False)


if __name__ == "__main__":
    print(jax.jit(apply)(jnp.arange(3.0, dtype=jnp.float32)))
