"""a step monitor's host appends each step's loss to a history on the object and, once one
is there, computes a smoothed value with jax.numpy: the warm-up's verbose mode never runs
(no warm-up pass), but the second step's run finds the history the first one filled and
takes the JAX branch"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class StepMonitor:
    def __init__(self):
        self.verbose = False
        self.history = []

    def observe(self, loss):
        loss = np.asarray(loss)
        if self.verbose or self.history:
            loss = np.asarray(jnp.mean(jnp.asarray(self.history[-3:] + [float(loss)])))  # EXPECT: JAX011
        self.history.append(float(loss))


MONITOR = StepMonitor()


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


@jax.jit
def step(w, x):
    loss, g = jax.value_and_grad(loss_fn)(w, x)
    io_callback(MONITOR.observe, None, loss, ordered=True)
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
    print(w, len(MONITOR.history))
