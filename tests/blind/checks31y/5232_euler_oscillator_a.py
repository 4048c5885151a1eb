from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

counts = {"calls": 0}


def count_and_echo(v):
    v = np.asarray(v)
    counts["calls"] += 1
    return v


tick = partial(io_callback, count_and_echo, jax.ShapeDtypeStruct((2,), jnp.float32), ordered=True)


def rhs(state, k):
    x, v = state[0], state[1]
    return jnp.stack([v, -k * x])


def euler_step(state, k, dt=0.05):
    new = state + dt * rhs(state, k)
    return tick(new, ordered=False)


def trajectory(state0, k, n=4):
    s = state0
    for _ in range(n):
        s = euler_step(s, k)
    return s



def chunks(seq, size):
    """Split a sequence into consecutive chunks of at most `size` items."""
    return [seq[i:i + size] for i in range(0, len(seq), size)]


def standardise(x, axis=0, eps=1e-8):
    mu = jnp.mean(x, axis=axis, keepdims=True)
    sd = jnp.std(x, axis=axis, keepdims=True)
    return (x - mu) / (sd + eps)


def pairwise_sq_dists(a, b):
    aa = jnp.sum(a * a, axis=-1)[:, None]
    bb = jnp.sum(b * b, axis=-1)[None, :]
    return jnp.maximum(aa + bb - 2.0 * a @ b.T, 0.0)


if __name__ == "__main__":
    states = jnp.array([[1.0, 0.0], [0.5, 0.1], [0.0, 1.0]], jnp.float32)
    final = jax.vmap(trajectory, in_axes=(0, None))(states, 2.0)
    print(final)
    print("host calls", counts["calls"])
