"""`k @ sig`: a `Kernel` has no `__matmul__`, so `Signal.__rmatmul__` passes `vectorized=`."""
import jax
import jax.numpy as jnp
import numpy as np


def host_filter(taps, samples):
    return np.convolve(np.asarray(samples), np.asarray(taps), mode="same").astype(np.float32)


class Signal:
    def __init__(self, samples):
        self.samples = samples

    def __matmul__(self, kernel):
        spec = jax.ShapeDtypeStruct(self.samples.shape, jnp.float32)
        return Signal(jax.pure_callback(host_filter, spec, kernel.taps, self.samples))

    def __rmatmul__(self, kernel):
        spec = jax.ShapeDtypeStruct(self.samples.shape, jnp.float32)
        return Signal(jax.pure_callback(host_filter, spec, kernel.taps, self.samples,  # EXPECT: JAX012
                                        vectorized=True))


class Kernel:
    def __init__(self, taps):
        self.taps = jnp.asarray(taps, dtype=jnp.float32)


@jax.jit
def smooth(x):
    return (Kernel([0.25, 0.5, 0.25]) @ Signal(x)).samples


if __name__ == "__main__":
    print(smooth(jnp.sin(jnp.arange(8.0))))
