"""The tolerating decorator is switched off: the bare host gets `vectorized=` and raises."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

TOLERATE_OLD_KEYWORDS = False


def tolerate(fn):
    @functools.wraps(fn)
    def wrapper(*args, vectorized=None, **rest):
        return fn(*args, **rest)
    return wrapper


def squash(x):
    return np.tanh(np.asarray(x)).astype(np.float32)


squash = tolerate(squash) if TOLERATE_OLD_KEYWORDS else squash


def apply(x):
    return jax.pure_callback(squash, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=False)


if __name__ == "__main__":
    print(jax.jit(apply)(jnp.arange(3.0, dtype=jnp.float32)))
