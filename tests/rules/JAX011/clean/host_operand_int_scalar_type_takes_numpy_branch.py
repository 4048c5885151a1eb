"""The twin: `jnp.int32(3)` reaches the host as a 0-d array holding 3, the tabulated NumPy branch runs, no JAX inside the host."""
import jax
import jax.numpy as jnp
import numpy as np

SMOOTHING = {1: np.ones(1), 2: np.ones(2) / 2, 3: np.ones(3) / 3}


def _kernel_host(width_arr):
    width = int(np.asarray(width_arr))
    if width in SMOOTHING:
        kernel = SMOOTHING[width]
    else:
        kernel = np.asarray(jnp.hanning(width))  # JAX inside the host, only for untabulated widths
    return np.pad(kernel, (0, 8 - width)).astype(np.float32)


def smoothing_kernel(width):
    spec = jax.ShapeDtypeStruct((8,), jnp.float32)
    return jax.pure_callback(_kernel_host, spec, jnp.int32(width))


if __name__ == "__main__":
    print(smoothing_kernel(3))
