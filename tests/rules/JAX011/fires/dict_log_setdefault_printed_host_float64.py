"""x64 on: the host gets float64 rows, so its float64 branch calls JAX (its log a dict
appended to through `setdefault(k, []).append(v)`, printed by the script)."""
import numpy as np
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp

history = {}


def _accumulate(tag, chunk):
    data = np.asarray(chunk)
    if data.dtype == np.float64:
        totals = np.asarray(jnp.cumsum(data))  # EXPECT: JAX011
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
