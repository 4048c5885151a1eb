"""The script's `__main__` block calls `log_many`, whose `jax.vmap` batches the operand of an
ordered io_callback: JAX raises "Cannot `vmap` ordered IO callback"."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


def _record(x):
    SEEN.append(float(np.asarray(x)))
    return np.float32(np.asarray(x))


def log_one(x):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)  # EXPECT: JAX013


def log_many(xs):
    return jax.vmap(log_one)(xs)


def unused(xs):
    return xs


if __name__ == "__main__":
    print(jax.jit(log_many)(jnp.arange(3.0)), SEEN)
