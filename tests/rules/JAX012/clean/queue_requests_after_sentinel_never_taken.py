"""Requests put on a `queue.Queue`, then drained on the same thread until a sentinel: the request with `vectorized=` comes after the sentinel and is never taken."""
import queue

import numpy as np
import jax
import jax.numpy as jnp

DONE = object()
requests = queue.Queue()


def sqrt_host(x):
    return np.sqrt(np.asarray(x)).astype(np.float32)


def serve(x):
    outs = []
    while True:
        req = requests.get()
        if req is DONE:
            return outs
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        step = jax.jit(lambda v: jax.pure_callback(sqrt_host, spec, v, **req))
        outs.append(step(x))


for options in ({"vmap_method": "sequential"}, DONE, {"vectorized": True}):
    requests.put(options)
print(serve(jnp.array([1.0, 4.0], dtype=jnp.float32)))
