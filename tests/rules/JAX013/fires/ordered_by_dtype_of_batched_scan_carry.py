"""with x64 on, a float64 batch goes through a lax.scan (its carry keeps the init's dtype) and a vmap (a batched argument keeps its dtype): 64-bit rows are logged in order, so the ordered io_callback is batched"""
import jax

jax.config.update("jax_enable_x64", True)

import numpy as np
import jax.numpy as jnp
from jax.experimental import io_callback


def note(v):
    return None


def energy(q):
    e = jnp.sum(q ** 2)
    io_callback(note, None, e, ordered=np.dtype(q.dtype).itemsize == 8)  # EXPECT: JAX013
    return e


def relax(qs):
    def body(c, _):
        return c * 0.9, None
    qs, _ = jax.lax.scan(body, qs, None, length=3)
    return qs


if __name__ == "__main__":
    qs = jnp.asarray(np.random.default_rng(3).normal(size=(2, 3)))
    print(jax.vmap(energy)(relax(qs)))
