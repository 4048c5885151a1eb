"""A descriptor stores the probe's host function; the probed argument is chosen per call."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

HOST_CALLS = []


class HostSlot:
    def __set_name__(self, owner, name):
        self.private = f"_{name}"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private, None)

    def __set__(self, obj, fn):
        setattr(obj, self.private, fn)


class Stepper:
    sink = HostSlot()

    def __init__(self, sink, decay=0.9):
        self.sink = sink
        self.decay = decay

    def advance(self, state, tick):
        io_callback(self.sink, None, tick, ordered=True)
        return self.decay * state + (1 - self.decay) * jnp.cos(state)

    def run(self, states, tick, *, tick_axis=None):
        return jax.vmap(self.advance, in_axes=(0, tick_axis))(states, tick)


def _host_tick(t):
    HOST_CALLS.append(np.asarray(t).tolist())


def seeded_rng(tag, base_seed=1234):
    """Deterministic NumPy generator per string tag."""
    import zlib
    return np.random.default_rng(base_seed + zlib.crc32(tag.encode()) % 10_000)


def jitter(values, scale=1e-3, tag="jitter"):
    rng = seeded_rng(tag)
    return np.asarray(values) + scale * rng.standard_normal(np.shape(values))


if __name__ == "__main__":
    stepper = Stepper(_host_tick)
    states = jnp.linspace(0.0, 1.0, 4)
    ticks = jnp.arange(4)
    out = stepper.run(states, ticks, tick_axis=0)
    print(out)
    print("host calls", HOST_CALLS)
