import jax
import jax.numpy as jnp
from jax.experimental import io_callback

import hosts


def capture(frame, step):
    """Store a rendered frame on the host; returns its mean brightness."""
    spec = jax.ShapeDtypeStruct((), jnp.float32)
    return io_callback(hosts.RECORDER.record, spec, frame=frame, step=step, ordered=True)
