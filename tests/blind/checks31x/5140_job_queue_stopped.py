"""Jobs queued for a same-thread worker; a sentinel stops the worker."""
import queue

import numpy as np
import jax
import jax.numpy as jnp

STOP = object()
jobs = queue.Queue()
results = []


def host_cumprod(x):
    return np.cumprod(np.asarray(x)).astype(np.float32)


def host_cummax(x):
    return np.maximum.accumulate(np.asarray(x)).astype(np.float32)


def run_job(host, x, opts):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.jit(lambda v: jax.pure_callback(host, spec, v, **opts))(x)


def worker():
    while True:
        item = jobs.get()
        if item is STOP:
            break
        host, x, opts = item
        results.append(run_job(host, x, opts))
        jobs.task_done()


data = jnp.array([1.0, 0.5, 2.0], dtype=jnp.float32)
jobs.put((host_cumprod, data, {}))
jobs.put(STOP)
jobs.put((host_cummax, data, {"vectorized": True}))

if __name__ == "__main__":
    worker()
    print("results", [r.tolist() for r in results])
