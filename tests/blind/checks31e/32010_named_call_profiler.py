"""Named scopes for profiling; a stage marker is emitted on the host in order."""
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_marks = []


def _stamp(tag_value):
    _marks.append((time.perf_counter(), float(np.asarray(tag_value).mean())))
    return np.float32(len(_marks))


def stage(x):
    y = jnp.cumsum(x) / (1 + jnp.arange(x.shape[0]))
    marker = io_callback(_stamp, jax.ShapeDtypeStruct((), jnp.float32), y, ordered=True)
    return y, marker


smoothing = jax.named_call(stage, name="running_mean")


def pipeline(signals):
    return jax.vmap(smoothing)(signals)


signals = jnp.arange(12.0).reshape(3, 4)
smoothed, markers = pipeline(signals)
print(smoothed, markers)
