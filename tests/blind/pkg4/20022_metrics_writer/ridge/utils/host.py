import io

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SINK = io.StringIO()


def _append_row(step, loss, gnorm):
    SINK.write(f"{int(step)},{float(loss):.6f},{float(gnorm):.6f}\n")
    return np.int32(SINK.getvalue().count("\n"))


def write_row(step, loss, gnorm):
    return io_callback(_append_row, jax.ShapeDtypeStruct((), jnp.int32), step, loss, gnorm, ordered=True)
