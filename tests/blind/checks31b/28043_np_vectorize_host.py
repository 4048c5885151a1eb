import jax
import jax.numpy as jnp
import numpy as np


def _piecewise_rate(t):
    if t < 1.0:
        return 0.5 * t
    if t < 2.0:
        return 0.5
    return 0.5 + 0.25 * (t - 2.0)


rate_host = np.vectorize(_piecewise_rate, otypes=[np.float32])


def rate(t):
    return jax.pure_callback(rate_host, jax.ShapeDtypeStruct(t.shape, jnp.float32), t,
                             vectorized=True)


ts = jnp.array([0.5, 1.5, 3.0])
print(rate(ts) * ts)
