"""warm-up passes switch a profiler's detailed mode on around a step, and the caller asks
for one: the host's JAX branch runs in that pass"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Profiler:
    def __init__(self):
        self.detailed = False
        self.samples = []

    def record(self, v):
        v = np.asarray(v)
        if self.detailed:
            v = np.asarray(jnp.sqrt(v))  # EXPECT: JAX011
        self.samples.append(v)


PROF = Profiler()


@jax.jit
def step(x):
    io_callback(PROF.record, None, jnp.sum(x * x), ordered=True)
    return x * 0.5


def run(x, n_warmup=0, n_steps=3):
    for _ in range(n_warmup):
        PROF.detailed = True
        jax.block_until_ready(step(x))
        PROF.detailed = False
    for _ in range(n_steps):
        x = step(x)
    return x


if __name__ == "__main__":
    print(run(jnp.ones(3), n_warmup=1), len(PROF.samples))
