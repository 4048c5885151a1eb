"""Snapshot writer: serialises arrays to an in-memory store (stands in for object storage)."""
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STORE: dict[str, bytes] = {}


def _write(tag, value):
    buf = io.BytesIO()
    np.save(buf, np.asarray(value))
    key = f"snap-{int(np.asarray(tag)):04d}-{len(STORE)}"
    STORE[key] = buf.getvalue()
    return np.int32(len(STORE))


def save_snapshot(tag, value):
    return io_callback(_write, jax.ShapeDtypeStruct((), jnp.int32), tag, value, ordered=True)
