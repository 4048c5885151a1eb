import numpy as np
import jax
from jax.experimental import io_callback


class _Stats:
    mean = None
    count = 0


def _normalise_host(h):
    h = np.asarray(h)
    m = h.mean(axis=0)
    if _Stats.mean is None:
        _Stats.mean = m
    else:
        _Stats.mean = 0.9 * _Stats.mean + 0.1 * m
    _Stats.count += 1
    return (h - _Stats.mean).astype(h.dtype)


def running_center(h):
    return io_callback(_normalise_host, jax.ShapeDtypeStruct(h.shape, h.dtype), h)
