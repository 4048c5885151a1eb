import jax
import numpy as np
from jax.experimental import io_callback

from ..table import CONVERTERS


def _lookup_feet(x):
    return np.asarray(np.asarray(x) * 3.28084, np.float32)


def to_feet(x):
    return io_callback(_lookup_feet, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def to_centimetres(x):
    return 100.0 * x


CONVERTERS.update(feet=to_feet)
CONVERTERS.update({"cm": to_centimetres})
