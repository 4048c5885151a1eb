"""a step monitor's host keeps a history on the object (a list appended to, a list it
inserts into, a dict entry stored) and computes with jax.numpy only in a "verbose" mode that
the warm-up switches on; the caller asks for no warm-up pass, so the JAX branch never runs.
What the host appends is never read by a later run: only the script's summary reads it"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class StepMonitor:
    def __init__(self):
        self.verbose = False
        self.history = []
        self.marks = []
        self.latest = {}

    def observe(self, loss, gnorm):
        loss, gnorm = np.asarray(loss), np.asarray(gnorm)
        if self.verbose:
            gnorm = np.asarray(jnp.log1p(gnorm))
        self.history.append((float(loss), float(gnorm)))
        self.marks.insert(0, float(loss))
        self.latest["gnorm"] = float(gnorm)


MONITOR = StepMonitor()


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


@jax.jit
def step(w, x):
    loss, g = jax.value_and_grad(loss_fn)(w, x)
    io_callback(MONITOR.observe, None, loss, jnp.sqrt(jnp.sum(g * g)), ordered=True)
    return w - 0.1 * g


def train(w, x, n_warmup=0, n_steps=4):
    for _ in range(n_warmup):
        MONITOR.verbose = True
        jax.block_until_ready(step(w, x))
        MONITOR.verbose = False
    for _ in range(n_steps):
        w = step(w, x)
    return w


if __name__ == "__main__":
    w = train(jnp.ones((3,)), jnp.ones((5, 3)))
    jax.effects_barrier()
    print(w, len(MONITOR.history), MONITOR.marks[:1], MONITOR.latest.get("gnorm"))
