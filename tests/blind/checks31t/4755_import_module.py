"""Host-side post-processing whose array module is picked from a settings table."""
import importlib
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SETTINGS = {"array_module": ("jax", "numpy"), "op": "cumsum"}
RESULTS = []


def _resolve(parts):
    return importlib.import_module(".".join(parts))


def host_accumulate(step, values):
    v = np.asarray(values)
    xp = _resolve(SETTINGS["array_module"])
    running = np.asarray(getattr(xp, SETTINGS["op"])(v))
    RESULTS.append((int(np.asarray(step)), running[-1].item()))
    return running.astype(v.dtype)


def train_step(carry, step):
    w, = carry
    grads = jnp.cos(w) * 0.1
    w = w - grads
    spec = jax.ShapeDtypeStruct(w.shape, w.dtype)
    acc = io_callback(host_accumulate, spec, step, jax.lax.stop_gradient(w))
    return (w,), acc[-1]


@jax.jit
def run(w0):
    (w,), totals = jax.lax.scan(train_step, (w0,), jnp.arange(3))
    return w, totals


if __name__ == "__main__":
    w, totals = run(jnp.linspace(0.0, 1.0, 4))
    print("w:", np.round(np.asarray(w), 4))
    print("totals:", np.round(np.asarray(totals), 4), "logged:", len(RESULTS))
