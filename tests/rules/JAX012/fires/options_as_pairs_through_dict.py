"""A smoother keeps its callback options as key-value pairs and spreads `dict(pairs)`."""
import numpy as np
import jax
import jax.numpy as jnp


def smooth_host(x):
    x = np.asarray(x)
    return np.convolve(x, np.ones(3) / 3.0, mode="same").astype(np.float32)


class Smoother:
    def __init__(self, options=(("vectorized", False),)):
        self.options = tuple(options)

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(smooth_host, spec, x, **dict(self.options))  # EXPECT: JAX012


print(jax.jit(Smoother())(jnp.arange(5.0)))
