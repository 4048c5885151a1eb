# Models: rematerialised layers (jax.checkpoint) with an ordered io_callback FLOP counter; directional derivative computed with forward-mode jax.jvp only
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LOG = []


def _tally(n):
    LOG.append(int(n))
    return np.int32(len(LOG))


def tally(n):
    return io_callback(_tally, jax.ShapeDtypeStruct((), jnp.int32), n, ordered=True)


@jax.checkpoint
def block(w, h):
    tally(jnp.int32(w.shape[0] * w.shape[1]))
    return jnp.sin(h @ w)


def net(params, x):
    h = x
    for w in params:
        h = block(w, h)
    return jnp.sum(h)


def directional(params, x, direction):
    f = lambda p: net(p, x)
    return jax.jvp(f, (params,), (direction,))


if __name__ == "__main__":
    params = [jnp.eye(3) * 0.5, jnp.ones((3, 2)) * 0.1]
    direction = [jnp.ones((3, 3)), jnp.zeros((3, 2))]
    x = jnp.arange(6.0).reshape(2, 3)
    val, dval = directional(params, x, direction)
    jax.effects_barrier()
    print(val, dval, LOG)
