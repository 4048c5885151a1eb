"""Array namespace used by the host-side table code."""
import numpy
import jax.numpy

from . import settings

if settings.ARRAY_BACKEND == "jax":
    xp = jax.numpy
else:
    xp = numpy
