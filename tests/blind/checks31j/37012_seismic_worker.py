"""Seismic travel-time worker: a queue worker applies transforms looked up with getattr(jax, ...)."""
import functools
import queue
import threading

import jax
import jax.numpy as jnp
import numpy as np

LAYERS_KM = np.array([0.0, 10.0, 25.0, 40.0])
VP_KMS = np.array([5.8, 6.5, 7.2, 8.0])


def traveltime_host(depth_km, distance_km):
    z = np.asarray(depth_km, dtype=np.float64)
    x = np.asarray(distance_km, dtype=np.float64)
    v = np.interp(z / 2.0, LAYERS_KM, VP_KMS)
    return (np.hypot(x, z) / v).astype(np.float32)


def traveltime(depth, distance, cb_options):
    spec = jax.ShapeDtypeStruct(distance.shape, jnp.float32)
    return jax.pure_callback(traveltime_host, spec, depth, distance, **cb_options)


def assemble(transform_names, cb_options):
    fn = functools.partial(traveltime, cb_options=cb_options)
    for name in transform_names:
        fn = getattr(jax, name)(fn)
    return fn


def worker(jobs: "queue.Queue", results: list):
    while True:
        job = jobs.get()
        if job is None:
            jobs.task_done()
            return
        label, transforms, cb_options, depth, dist = job
        try:
            results.append((label, np.asarray(assemble(transforms, cb_options)(depth, dist))))
        except Exception as exc:  # surface in the main thread
            results.append((label, exc))
        finally:
            jobs.task_done()


if __name__ == "__main__":
    jobs, results = queue.Queue(), []
    t = threading.Thread(target=worker, args=(jobs, results), daemon=True)
    t.start()
    dist = jnp.array([20.0, 60.0, 120.0], jnp.float32)
    jobs.put(("shallow", ["jit"], {"vectorized": True}, jnp.float32(8.0), dist))
    jobs.put(None)
    jobs.join()
    t.join()  # the lead: wait for the worker to end (JAX aborted at exit with it still alive)
    for label, res in results:
        if isinstance(res, Exception):
            raise res
        print(label, np.round(res, 2))
