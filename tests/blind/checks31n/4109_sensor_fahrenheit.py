"""Sensor calibration: a descriptor resolves the host routine from the device's unit."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _to_kelvin_np(raw):
    r = np.asarray(raw)
    return (r + 273.15).astype(r.dtype)


def _to_kelvin_from_f(raw):
    r = np.asarray(raw)
    return np.asarray(jnp.add(jnp.multiply(r - 32.0, 5.0 / 9.0), 273.15), dtype=r.dtype)


class HostFor:
    def __init__(self, table):
        self.table = table

    def __set_name__(self, owner, name):
        self.attr = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return self.table[obj.unit]


class Sensor:
    convert = HostFor({"C": _to_kelvin_np, "F": _to_kelvin_from_f})

    def __init__(self, unit, *, offset=0.0):
        self.unit = unit
        self.offset = offset

    def read(self, raw):
        spec = jax.ShapeDtypeStruct(raw.shape, raw.dtype)
        return io_callback(self.convert, spec, raw + self.offset)


def average_temperature(sensor, samples):
    return jax.jit(lambda s: sensor.read(s).mean())(samples)


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))



if __name__ == "__main__":
    probe = Sensor("F", offset=0.5)
    print(round(float(average_temperature(probe, jnp.array([68.0, 70.0, 72.0]))), 3))
