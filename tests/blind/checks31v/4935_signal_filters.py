"""A Signal type whose matrix-product operators filter on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import signal as sps


def fir_apply(taps, samples):
    taps = np.asarray(taps)
    samples = np.asarray(samples)
    return sps.lfilter(taps, [1.0], samples).astype(np.float32)


def fir_apply_reversed(taps, samples):
    taps = np.asarray(taps)
    samples = np.asarray(samples)
    return sps.lfilter(taps[::-1], [1.0], samples[::-1])[::-1].astype(np.float32)


class Signal:
    def __init__(self, samples, rate):
        self.samples = samples
        self.rate = rate

    def __matmul__(self, kernel):
        spec = jax.ShapeDtypeStruct(self.samples.shape, jnp.float32)
        out = jax.pure_callback(fir_apply_reversed, spec, kernel.taps, self.samples)
        return Signal(out, self.rate)

    def __rmatmul__(self, kernel):
        spec = jax.ShapeDtypeStruct(self.samples.shape, jnp.float32)
        out = jax.pure_callback(fir_apply, spec, kernel.taps, self.samples,
                                vectorized=True)
        return Signal(out, self.rate)

    def energy(self):
        return jnp.sum(self.samples ** 2) / self.rate


class Kernel:
    def __init__(self, taps):
        self.taps = jnp.asarray(taps, dtype=jnp.float32)


@jax.jit
def smoothed_energy(x):
    sig = Signal(x, rate=100.0)
    k = Kernel([0.25, 0.5, 0.25])
    return (k @ sig).energy()


def band_power(x, rate=100.0):
    spec = jnp.abs(jnp.fft.rfft(x)) ** 2
    freqs = jnp.fft.rfftfreq(x.shape[0], 1.0 / rate)
    return spec, freqs


def window(n):
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / (n - 1))


if __name__ == "__main__":
    t = jnp.linspace(0, 1, 16, dtype=jnp.float32)
    print(smoothed_energy(jnp.sin(8 * t)))
    print(band_power(jnp.sin(8 * t))[0][:3], window(4))
