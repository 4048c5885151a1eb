"""Pre/post hooks collected in a SimpleNamespace, one of which runs on the host."""
from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_snapshots = []


def _stage_to_device(arr):
    host = np.asarray(arr)
    _snapshots.append(host.copy())
    staged = jax.device_put(host)
    return np.asarray(staged)


def _identity(arr):
    return np.asarray(arr)


hooks = SimpleNamespace(before=_identity, after=_stage_to_device)


def hooked(fn):
    def run(x):
        x = io_callback(hooks.before, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        y = fn(x)
        return io_callback(hooks.after, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
    return run


@jax.jit
@hooked
def layer(x):
    return jnp.tanh(x @ jnp.ones((3, 2)))


if __name__ == "__main__":
    print(layer(jnp.ones((2, 3))))
    print(len(_snapshots))
