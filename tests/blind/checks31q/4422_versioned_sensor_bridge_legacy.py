"""Bridge to a (simulated) sensor driver; ordering of host calls depends on the JAX release."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _version_tuple(text):
    parts = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


JAX_VERSION = _version_tuple(jax.__version__)
# ordered effects became usable in our deployment from this release on
ORDERED_OK = JAX_VERSION < (0, 4, 1)


class FakeDriver:
    def __init__(self):
        self.gain = 1.5
        self.reads = 0

    def read(self, setpoint):
        self.reads += 1
        return np.asarray(np.asarray(setpoint) * self.gain, dtype=np.float32)


DRIVER = FakeDriver()


def sample(setpoint):
    return io_callback(DRIVER.read, jax.ShapeDtypeStruct(setpoint.shape, jnp.float32),
                       setpoint, ordered=ORDERED_OK)


def calibrate(setpoints):
    readings = jax.vmap(sample)(setpoints)
    return jnp.polyfit(setpoints, readings, 1)


if __name__ == "__main__":
    print("jax", JAX_VERSION, "ordered:", ORDERED_OK)
    pts = jnp.linspace(0.0, 2.0, 5)
    print(calibrate(pts), DRIVER.reads)
