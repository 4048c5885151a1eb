"""a class-based context manager switches a global flag on for its block: the vmap inside it
batches an ordered io_callback (its __enter__ runs as the block starts)"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEQUENTIAL = False
LOG = []


def _write(v):
    LOG.append(np.asarray(v).copy())
    return np.zeros((), np.float32)


class sequential_mode:
    def __enter__(self):
        global SEQUENTIAL
        self._saved = SEQUENTIAL
        SEQUENTIAL = True
        return self

    def __exit__(self, *exc):
        global SEQUENTIAL
        SEQUENTIAL = False
        return False


def post(x):
    io_callback(_write, jax.ShapeDtypeStruct((), jnp.float32), x.sum(), ordered=SEQUENTIAL)  # EXPECT: JAX013
    return x


if __name__ == "__main__":
    with sequential_mode():
        print(jax.vmap(post)(jnp.ones((3, 2))))
