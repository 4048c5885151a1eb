"""A subject notifies its observers from an io_callback host; the NumPy observer is detached,
the one that computes with JAX stays attached and runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Subject:
    def __init__(self):
        self._observers = []

    def attach(self, obs):
        if obs not in self._observers:
            self._observers.append(obs)

    def detach(self, obs):
        self._observers.remove(obs)

    def notify(self, value):
        for obs in self._observers:
            obs.update(value)


class Logger:
    def __init__(self):
        self.seen = []

    def update(self, value):
        self.seen.append(float(value))


class Copier:
    def __init__(self):
        self.copies = []

    def update(self, value):
        self.copies.append(jnp.asarray(value))  # EXPECT: JAX011


subject = Subject()
logger, copier = Logger(), Copier()
subject.attach(logger)
subject.attach(copier)


def publish(value):
    subject.notify(np.asarray(value))


@jax.jit
def step(x):
    io_callback(publish, None, jnp.sum(x))
    return x * 2.0


subject.detach(logger)

if __name__ == "__main__":
    print(step(jnp.ones(3)))
    jax.effects_barrier()
    print(len(logger.seen), len(copier.copies))
