import numpy as np
import jax
from scipy.signal import savgol_filter


def _smooth(x):
    return savgol_filter(np.asarray(x), window_length=5, polyorder=2, axis=-1).astype(np.float32)


def smooth(x):
    return jax.pure_callback(_smooth, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
