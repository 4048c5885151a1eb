# pattern re-expressed from pasteurlabs/tesseract-jax#177 (jax.numpy used inside a Python callback)
"""Blockwise reduction of a long signal on the host, fed back into a jitted pipeline."""
import jax
import jax.numpy as jnp
import numpy as np

BLOCK = 4


def _blocks(arr, size):
    """Yield per-block partial sums of a host array."""
    for start in range(0, arr.shape[0], size):
        piece = arr[start:start + size]
        yield jnp.sum(piece)


def blockwise_energy(signal):
    host_sig = np.asarray(signal)
    totals = [float(t) for t in _blocks(host_sig ** 2, BLOCK)]
    return np.asarray(totals, dtype=host_sig.dtype)


def energy_profile(signal):
    n_blocks = -(-signal.shape[0] // BLOCK)
    spec = jax.ShapeDtypeStruct((n_blocks,), signal.dtype)
    return jax.pure_callback(blockwise_energy, spec, signal)


@jax.jit
def normalised_profile(signal):
    prof = energy_profile(signal)
    return prof / jnp.maximum(prof.sum(), 1e-6)


if __name__ == "__main__":
    t = jnp.linspace(0.0, 1.0, 12)
    sig = jnp.sin(2 * jnp.pi * 3 * t)
    print(normalised_profile(sig))
