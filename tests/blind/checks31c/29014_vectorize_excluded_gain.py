import numpy as np
import jax.numpy as jnp
from jax.experimental import io_callback

gain_history = []


def write_gain(g):
    gain_history.append(np.asarray(g).copy())


def apply_gain(row, gain):
    io_callback(write_gain, None, gain, ordered=True)
    return row * gain / (jnp.abs(row).max() + 1e-6)


scale_rows = jnp.vectorize(apply_gain, excluded={1}, signature="(n)->(n)")

X = jnp.arange(12.0).reshape(3, 4)
gain = jnp.array([1.0, 0.5, 0.25, 2.0])
print(scale_rows(X, gain))
print("gain logged", len(gain_history), "times")
