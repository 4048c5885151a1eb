import sys
import time

import jax
import jax.numpy as jnp
import numpy as np


class ProgressBar:
    def __init__(self, total, width=20):
        self.total = total
        self.width = width
        self.t0 = time.perf_counter()
        self.last = None

    def smoothed(self):
        return jnp.convolve(jnp.asarray(self.last), jnp.ones(2) / 2, mode="same")

    def update(self, it, value):
        it = int(np.asarray(it))
        value = np.asarray(value)
        self.last = np.array(value, copy=True)
        done = int(self.width * (it + 1) / self.total)
        sys.stdout.write("[" + "#" * done + "." * (self.width - done) + f"] {it + 1}/{self.total}\n")


def make_bar(n):
    return ProgressBar(n)


bar = make_bar(5)


def relax(state, n_steps, hook):
    def body(i, s):
        s = 0.5 * (s + jnp.roll(s, 1))
        jax.debug.callback(hook, i, s)
        return s
    return jax.lax.fori_loop(0, n_steps, body, state)


run = jax.jit(relax, static_argnums=(1, 2))
out = run(jnp.arange(6.0), 5, bar.update)
out.block_until_ready()
print(out)
