"""A jitted vmap submitted to a thread pool (in a `with` block): the pool runs it as a direct
call does, and the future's result is what it returned."""
from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log(v):
    return np.asarray(v, dtype=np.float32)


def step(x):
    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x + 1.0, ordered=True)  # EXPECT: JAX013


with ThreadPoolExecutor(max_workers=2) as pool:
    futures = [pool.submit(jax.jit(jax.vmap(step)), jnp.ones((2, 3)) * i) for i in range(2)]
    print([f.result() for f in futures])
