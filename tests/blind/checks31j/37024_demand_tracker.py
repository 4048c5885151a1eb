"""Warehouse demand forecast: jitted steps run in a thread pool; the logger method is bound late."""
import threading
import types
from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Tracker:
    def __init__(self, name: str):
        self.name = name
        self.rows = []
        self.lock = threading.Lock()


def _record_plain(self, store, err):
    store, err = np.asarray(store), np.asarray(err)
    with self.lock:
        self.rows.append((int(store), float(np.abs(err).mean())))
    return np.int32(len(self.rows))


def _record_smoothed(self, store, err):
    store, err = np.asarray(store), np.asarray(err)
    smooth = float(jnp.mean(jnp.abs(err)))
    with self.lock:
        self.rows.append((int(store), smooth))
    return np.int32(len(self.rows))


RECORDERS = {"plain": _record_plain, "smoothed": _record_smoothed}


def attach(tracker: Tracker, kind: str) -> Tracker:
    tracker.record = types.MethodType(RECORDERS[kind], tracker)
    return tracker


def make_step(tracker: Tracker):
    @jax.jit
    def step(store, history, level):
        pred = 0.7 * level + 0.3 * history.mean()
        err = history - pred
        n = io_callback(tracker.record, jax.ShapeDtypeStruct((), jnp.int32), store, err)
        return pred, n
    return step


if __name__ == "__main__":
    tracker = attach(Tracker("weekly"), kind="smoothed")
    step = make_step(tracker)
    histories = [jnp.arange(5.0) + i for i in range(4)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futs = [pool.submit(step, jnp.int32(i), h, jnp.float32(3.0)) for i, h in enumerate(histories)]
        preds = [float(f.result()[0]) for f in futs]
    print(np.round(preds, 2), sorted(tracker.rows))
