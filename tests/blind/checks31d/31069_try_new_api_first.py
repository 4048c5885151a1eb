"""Version-tolerant callback: try the current keyword, fall back to the old one."""
import jax
import jax.numpy as jnp
import numpy as np


def host_cummax(x):
    x = np.asarray(x)
    return np.maximum.accumulate(x, axis=-1)


def cummax(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    try:
        return jax.pure_callback(host_cummax, spec, x, vmap_method="expand_dims")
    except TypeError:  # very old jax without vmap_method
        return jax.pure_callback(host_cummax, spec, x, vectorized=True)


@jax.jit
def drawdown(prices):
    peak = jax.vmap(cummax)(prices)
    return 1.0 - prices / peak


if __name__ == "__main__":
    p = jnp.array([[1.0, 1.2, 0.9, 1.3], [2.0, 1.5, 1.8, 1.6]])
    print(drawdown(p))
