"""x64 off: the host gets float32 rows, so its float64 branch (which calls JAX) never runs.
Its log is a dict each run appends to through `setdefault(k, []).append(v)` and the script
prints: neither reads anything a later run decides on."""
import numpy as np
import jax

jax.config.update("jax_enable_x64", False)

import jax.numpy as jnp

history = {}


def _accumulate(tag, chunk):
    data = np.asarray(chunk)
    if data.dtype == np.float64:
        totals = np.asarray(jnp.cumsum(data))
    else:
        totals = np.cumsum(data)
    history.setdefault(int(np.asarray(tag)), []).append(float(totals[-1]))


def _monitored(positions, tag):
    jax.debug.callback(_accumulate, tag, positions)
    return positions.sum()


if __name__ == "__main__":
    pos = jnp.linspace(0.0, 1.0, 4)
    f = jax.jit(_monitored)
    out = f(pos, 0)
    out.block_until_ready()
    jax.effects_barrier()
    print(float(out), history)
