"""An event loop's `run_in_executor` runs the vmapped step in a worker thread: it is traced as a
direct call is, and vmap batches the ordered io_callback."""
import asyncio

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log(v):
    return np.asarray(v, dtype=np.float32)


def scaled(x):
    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x * 2.0, ordered=True)  # EXPECT: JAX013


batched = jax.vmap(scaled)


async def main():
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, batched, jnp.ones((2, 3)))


print(asyncio.run(main()))
