import numpy as np
import jax
from jax.experimental import io_callback

ROWS = []


def _write_row(step, loss, acc):
    ROWS.append((int(step), float(loss), float(acc)))
    return np.int32(len(ROWS))


def write_metrics(step, loss, acc):
    return io_callback(_write_row, jax.ShapeDtypeStruct((), np.int32), step, loss, acc,
                       ordered=True)
