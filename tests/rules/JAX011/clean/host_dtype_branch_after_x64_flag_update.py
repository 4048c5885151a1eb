"""a running-sum monitor's host accumulates with jax.numpy only for float64 chunks; the
module turns the x64 flag off at its top level and hands the host float32 positions, so the
JAX branch never runs"""
import jax
import numpy as np

jax.config.update("jax_enable_x64", False)

import jax.numpy as jnp  # noqa: E402

TOTALS = []


def accumulate(chunk):
    data = np.asarray(chunk)
    if data.dtype == np.float64:
        totals = np.asarray(jnp.cumsum(data))
    else:
        totals = np.cumsum(data.astype(np.float64)).astype(data.dtype)
    TOTALS.append(float(totals[-1]))


def monitored_energy(positions):
    jax.debug.callback(accumulate, positions)
    return 0.5 * jnp.sum(positions ** 2)


if __name__ == "__main__":
    pos = jnp.linspace(0.0, 1.0, 4, dtype=jnp.float32)
    out = jax.jit(monitored_energy)(pos)
    jax.effects_barrier()
    print(float(out), pos.dtype, TOTALS)
