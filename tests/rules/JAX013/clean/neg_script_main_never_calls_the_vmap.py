"""Near miss: the ordered io_callback is batched by `jax.vmap` only in `log_many`, which the
script's `__main__` block never calls; it runs the callback unbatched through `lax.scan`."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


def _record(x):
    SEEN.append(float(np.asarray(x)))
    return np.float32(np.asarray(x))


def log_one(x):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)


def log_many(xs):
    return jax.vmap(log_one)(xs)


def log_in_order(xs):
    _, out = jax.lax.scan(lambda c, x: (c, log_one(x)), None, xs)
    return out


if __name__ == "__main__":
    print(jax.jit(log_in_order)(jnp.arange(3.0)), SEEN)
