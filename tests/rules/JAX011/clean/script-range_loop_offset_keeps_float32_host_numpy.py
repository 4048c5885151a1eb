"""A jitted monitor called in a `for t in range(2)` loop on `pos + t`: a Python int added to a
float32 array keeps float32 (x64 off), so the host's float64 branch, which calls JAX, never
runs."""
import numpy as np
import jax

jax.config.update("jax_enable_x64", False)

import jax.numpy as jnp

totals = []


def _accumulate(chunk):
    data = np.asarray(chunk)
    if data.dtype == np.float64:
        totals.append(float(jnp.sum(data)))
    else:
        totals.append(float(np.sum(data)))


def _monitored(positions):
    jax.debug.callback(_accumulate, positions)
    return positions.sum()


if __name__ == "__main__":
    pos = jnp.linspace(0.0, 1.0, 4)
    f = jax.jit(_monitored)
    for t in range(2):
        f(pos + t).block_until_ready()
    jax.effects_barrier()
    print(len(totals))
