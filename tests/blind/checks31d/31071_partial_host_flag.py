"""Host smoother bound with functools.partial; the callback flag overrides the bound default."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy.ndimage import uniform_filter1d


def host_smooth(x, width=3, vectorized=False):
    x = np.asarray(x)
    if vectorized:
        return uniform_filter1d(x, size=width, axis=-1).astype(x.dtype)
    return np.stack([uniform_filter1d(r, size=width) for r in np.atleast_2d(x)]).reshape(x.shape)


smooth5 = partial(host_smooth, width=5, vectorized=False)


@jax.jit
def detrend(x):
    base = jax.pure_callback(smooth5, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vectorized=True)
    return x - base


if __name__ == "__main__":
    x = jnp.sin(jnp.linspace(0, 6, 12)) + jnp.linspace(0, 1, 12)
    print(detrend(x))
