import jax
import numpy as np

from . import register


def _median(x):
    return np.asarray(np.median(np.asarray(x)) + 0 * np.asarray(x), np.float32)


@register("median")
def median(x):
    return jax.pure_callback(_median, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
