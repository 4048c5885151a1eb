"""Ensemble random-walk simulation with a configurable progress monitor.

The monitor is assembled with a small fluent builder and then handed to the
simulation, which is batched over PRNG keys.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_seen = []


def _record(step, value):
    step = np.asarray(step)
    value = np.asarray(value)
    _seen.append((int(step), value.copy()))
    return np.int32(len(_seen))


class MonitorBuilder:
    def __init__(self):
        self._every = 10
        self._strict = False
        self._tag = "walk"

    def every(self, n):
        self._every = n
        return self

    def strict_order(self, flag=True):
        self._strict = flag
        return self

    def tagged(self, tag):
        self._tag = tag
        return self

    def build(self):
        strict = self._strict
        every = self._every

        def monitor(step, value):
            return io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32),
                               step, value, ordered=strict)

        monitor.every = every
        monitor.tag = self._tag
        return monitor


def simulate(key, monitor, n_steps=4):
    pos = jnp.zeros(())
    for i in range(n_steps):
        key, sub = jax.random.split(key)
        pos = pos + 0.1 * jax.random.normal(sub)
        if i % monitor.every == 0:
            monitor(jnp.int32(i), pos)
    return pos


def summarize(finals):
    finals = np.asarray(finals)
    return {"mean": float(finals.mean()), "spread": float(finals.std())}


def main():
    monitor = (MonitorBuilder()
               .tagged("ensemble")
               .strict_order()
               .every(2)
               .strict_order(False)
               .build())
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    finals = jax.vmap(lambda k: simulate(k, monitor))(keys)
    print(monitor.tag, summarize(finals), len(_seen))


if __name__ == "__main__":
    main()
