import functools

import jax
import numpy as np
from jax.experimental import io_callback

AUDIT_LOG = []


def _sink(tag, arr):
    AUDIT_LOG.append((str(tag), np.asarray(arr).tolist()))
    return np.asarray(arr, np.float32)


def audited(tag):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(v):
            seen = io_callback(functools.partial(_sink, tag),
                               jax.ShapeDtypeStruct(v.shape, v.dtype), v)
            return fn(seen)
        return wrapper
    return deco
