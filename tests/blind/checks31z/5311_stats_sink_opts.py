"""Reduction options held in a NamedTuple on a host statistics sink."""
from typing import Callable, NamedTuple
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class ReduceOpts(NamedTuple):
    reducer: Callable = np.mean
    label: str = "mean"
    scale: float = 1.0


class StatsSink:
    def __init__(self, opts):
        self.opts = opts
        self.rows = []

    def retune(self, **changes):
        self.opts = self.opts._replace(**changes)
        return self

    def host_write(self, batch_idx, values):
        v = np.asarray(values)
        i = int(np.asarray(batch_idx))
        summary = self.opts.reducer(v) * self.opts.scale
        self.rows.append((i, self.opts.label, float(summary)))
        return np.float32(summary)


def make_step(sink):
    def step(carry, xs):
        idx, chunk = xs
        s = io_callback(sink.host_write, jax.ShapeDtypeStruct((), jnp.float32), idx, chunk, ordered=True)
        return carry + s, s

    return step


defaults = ReduceOpts()
sink = StatsSink(defaults)
sink.retune(reducer=jnp.median, label="median")
tuned_copy = defaults._replace(scale=2.0)

if __name__ == "__main__":
    data = jnp.arange(12.0).reshape(4, 3)
    total, per = jax.lax.scan(make_step(sink), jnp.float32(0.0), (jnp.arange(4), data))
    print(total, per)
    print(sink.rows, tuned_copy.scale)
