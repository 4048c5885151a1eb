import jax
import numpy as np
from scipy.signal import lfilter


def _ma(x):
    x = np.asarray(x)
    return lfilter(np.ones(3) / 3.0, [1.0], x).astype(x.dtype)


def moving_average(x):
    return jax.pure_callback(_ma, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
