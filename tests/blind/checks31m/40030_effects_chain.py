"""Audio effect chain; effect classes declare at definition time how meters report."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

METER_LOG = []


def _meter(level):
    METER_LOG.append(float(np.asarray(level)))
    return np.float32(0.0)


class Effect:
    registry = {}

    def __init_subclass__(cls, metered=False, sequential=False, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.metered = metered
        cls.sequential = sequential
        Effect.registry[cls.__name__.lower()] = cls

    def process(self, x):
        raise NotImplementedError

    def __call__(self, x):
        y = self.process(x)
        if self.metered:
            rms = jnp.sqrt(jnp.mean(y ** 2))
            io_callback(_meter, jax.ShapeDtypeStruct((), jnp.float32), rms,
                        ordered=self.sequential)
        return y


class Gain(Effect):
    def __init__(self, db):
        self.scale = 10.0 ** (db / 20.0)

    def process(self, x):
        return self.scale * x


class SoftClip(Effect, metered=True, sequential=True):
    def __init__(self, drive):
        self.drive = drive

    def process(self, x):
        return jnp.tanh(self.drive * x) / jnp.tanh(self.drive)


class OnePole(Effect):
    def __init__(self, a):
        self.a = a

    def process(self, x):
        def step(y, s):
            y = (1 - self.a) * s + self.a * y
            return y, y
        _, out = jax.lax.scan(step, 0.0, x)
        return out


def render(chain, tracks):
    def one(track):
        for fx in chain:
            track = fx(track)
        return track
    return jax.vmap(one)(tracks)


if __name__ == "__main__":
    sr = 800
    t = jnp.arange(sr // 4) / sr
    tracks = jnp.stack([jnp.sin(2 * jnp.pi * f * t) for f in (55.0, 110.0, 220.0)])
    chain = [Gain(6.0), Effect.registry["softclip"](3.0), OnePole(0.3)]
    out = render(chain, tracks)
    print("peak per track:", np.round(np.asarray(jnp.abs(out).max(axis=1)), 3))
    print("meter readings:", len(METER_LOG))
