"""Tiny signal-processing helpers: a Signal wraps samples and supports `@` with filter taps."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_TRACE_LOG = []


def _record_convolution(samples, taps):
    samples = np.asarray(samples)
    taps = np.asarray(taps)
    _TRACE_LOG.append((samples.shape, float(np.abs(taps).sum())))
    return np.convolve(samples, taps, mode="same").astype(samples.dtype)


class Signal:
    """A 1-D signal; `signal @ taps` filters it, `taps @ signal` correlates."""

    def __init__(self, samples):
        self.samples = samples

    def __matmul__(self, taps):
        out_spec = jax.ShapeDtypeStruct(self.samples.shape, self.samples.dtype)
        filtered = io_callback(_record_convolution, out_spec, self.samples, taps, ordered=True)
        return Signal(filtered)

    def __rmatmul__(self, taps):
        # correlation computed on device, no host round trip
        padded = jnp.pad(self.samples, (taps.shape[0] // 2, taps.shape[0] // 2))
        windows = jnp.stack([padded[i:i + self.samples.shape[0]] for i in range(taps.shape[0])])
        return Signal(taps @ windows)

    def energy(self):
        return jnp.sum(self.samples ** 2)


def smooth_energy(raw, taps):
    sig = Signal(raw)
    filtered = taps @ sig
    return filtered.energy()


def make_taps(n):
    t = jnp.linspace(-1.0, 1.0, n)
    w = jnp.exp(-4.0 * t ** 2)
    return w / w.sum()


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    batch = jax.random.normal(key, (4, 16))
    taps = make_taps(5)
    energies = jax.vmap(smooth_energy, in_axes=(0, None))(batch, taps)
    print("energies", energies)
    print("log entries", len(_TRACE_LOG))
