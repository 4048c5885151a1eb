"""A tracing decorator that stamps wall-clock time into the computation."""
import functools
import time

import jax
import jax.numpy as jnp
import numpy as np

STAMPS = []


def host_clock(tag, **_ignored):
    tag = int(np.asarray(tag))
    now = time.perf_counter()
    STAMPS.append((tag, now))
    return np.float32(now % 1000)


def traced(tag, **clock_opts):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*args):
            t = jax.pure_callback(host_clock, jax.ShapeDtypeStruct((), jnp.float32),
                                  jnp.int32(tag), **clock_opts)
            out = fn(*args)
            return out, t
        return inner
    return deco


@traced(1, vectorized=False)
def attention(q, k, v):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores, axis=-1) @ v


def elapsed(stamps):
    ts = [t for _, t in stamps]
    return ts[-1] - ts[0] if len(ts) > 1 else 0.0


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))


if __name__ == "__main__":
    q = k = v = jnp.eye(4)
    out, t = jax.jit(attention)(q, k, v)
    print(out.shape, float(t) >= 0, len(STAMPS))
    print(elapsed(STAMPS), causal_mask(3).sum())
