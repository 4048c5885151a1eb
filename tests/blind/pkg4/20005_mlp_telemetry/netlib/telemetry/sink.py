import collections

import numpy as np
import jax
from jax.experimental import io_callback

STORE = collections.defaultdict(list)


def _push(tag):
    def _host(v):
        STORE[tag].append(np.asarray(v).copy())
        return np.asarray(v)
    return _host


class RecorderMixin:
    record_enabled = True

    def _record(self, tag, value):
        if not self.record_enabled:
            return value
        return io_callback(_push(tag), jax.ShapeDtypeStruct(value.shape, value.dtype), value)
