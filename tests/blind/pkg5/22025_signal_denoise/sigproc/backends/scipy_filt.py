import jax
import numpy as np
from scipy.ndimage import uniform_filter1d


def _smooth(x):
    return uniform_filter1d(np.asarray(x), size=3, mode="wrap").astype(np.float32)


def host_smooth(x):
    return jax.pure_callback(_smooth, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")
