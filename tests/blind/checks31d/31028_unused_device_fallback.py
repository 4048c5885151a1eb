"""Host median filter with a device fallback defined inside it but never invoked."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.signal import medfilt


def host_median(x, width):
    x = np.asarray(x)
    width = int(np.asarray(width))

    def device_fallback(v):
        # kept for reference: sliding mean on device
        return jnp.convolve(v, jnp.ones(width) / width, mode="same")

    return medfilt(x, kernel_size=width).astype(x.dtype)


def despike(x, width=3):
    return jax.pure_callback(host_median, jax.ShapeDtypeStruct(x.shape, x.dtype), x, width)


@jax.jit
def residual(x):
    return x - despike(x)


if __name__ == "__main__":
    x = jnp.array([0.0, 0.1, 5.0, 0.2, 0.1, 0.0, -4.0, 0.1])
    print(residual(x))
