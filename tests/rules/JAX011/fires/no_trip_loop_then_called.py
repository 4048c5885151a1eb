"""a callback reached first in the body of a loop of no trip (traced, its host never run),
then called directly: the host runs there, and its `jnp.cumsum` with it"""
import jax
import jax.numpy as jnp
import numpy as np


def running_total(x):
    return np.asarray(jnp.cumsum(np.asarray(x)), dtype=np.float32)  # EXPECT: JAX011


def totals(x):
    return jax.pure_callback(running_total, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def never(x):
    return jax.lax.fori_loop(0, 0, lambda i, c: totals(x), x)


if __name__ == "__main__":
    x = jnp.arange(8, dtype=jnp.float32)
    print(never(x))
    print(totals(x))
