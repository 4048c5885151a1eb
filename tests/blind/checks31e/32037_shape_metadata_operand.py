"""Each vmapped call announces the sequence length (static metadata) to the host scheduler."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_lengths = []


def _announce(n):
    _lengths.append(int(np.asarray(n)))
    return np.int32(_lengths[-1])


def encode(seq):
    n = io_callback(_announce, jax.ShapeDtypeStruct((), jnp.int32),
                    jnp.int32(seq.shape[0]), ordered=True)
    pos = jnp.arange(seq.shape[0]) / n
    return seq + jnp.sin(pos)


print(jax.vmap(encode)(jnp.zeros((3, 5))).shape, _lengths)
