"""A tiny nnx recurrent cell, rolled over a sequence; each step is reported to the host."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental import io_callback

STEP_LOG = []


def push_step(h):
    STEP_LOG.append(np.asarray(h).copy())
    return np.int32(len(STEP_LOG))


class Cell(nnx.Module):
    def __init__(self, din, dh, *, rngs):
        self.inp = nnx.Linear(din, dh, rngs=rngs)
        self.rec = nnx.Linear(dh, dh, rngs=rngs)

    def __call__(self, h, x):
        h = jnp.tanh(self.inp(x) + self.rec(h))
        tick = io_callback(push_step, jax.ShapeDtypeStruct((), jnp.int32), h, ordered=True)
        return h, tick


def make_runner():
    @nnx.vmap(in_axes=(None, None, 0), out_axes=(0, 0))
    def run(cell, h, x):
        return cell(h, x)
    return run


if __name__ == "__main__":
    cell = Cell(3, 5, rngs=nnx.Rngs(1))
    xs = jnp.ones((4, 3)) * jnp.arange(4.0)[:, None]
    h0 = jnp.zeros((5,))
    run = make_runner()
    h, ticks = run(cell, h0, xs)
    print("final", h.shape, "ticks", ticks, "log", len(STEP_LOG))
