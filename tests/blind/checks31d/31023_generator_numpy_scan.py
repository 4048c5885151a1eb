"""Host generator of block maxima; the traced side scans over the result with lax."""
import jax
import jax.numpy as jnp
import numpy as np


def block_maxima(arr, size):
    for start in range(0, arr.shape[0], size):
        yield np.max(arr[start:start + size])


def host_block_max(series):
    series = np.asarray(series)
    return np.fromiter(block_maxima(series, 3), dtype=series.dtype)


@jax.jit
def return_level_trend(series):
    n = -(-series.shape[0] // 3)
    peaks = jax.pure_callback(host_block_max, jax.ShapeDtypeStruct((n,), series.dtype), series)

    def body(run_max, p):
        run_max = jnp.maximum(run_max, p)
        return run_max, run_max
    _, trend = jax.lax.scan(body, -jnp.inf, peaks)
    return trend


if __name__ == "__main__":
    s = jnp.array([0.2, 1.3, 0.4, 0.9, 2.1, 0.3, 0.5, 0.1, 0.7])
    print(return_level_trend(s))
