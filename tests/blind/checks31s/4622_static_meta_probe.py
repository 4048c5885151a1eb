import dataclasses
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_PROBE = np.array([0.25, 0.5, 0.75], dtype=np.float32)


def _read_probe(v):
    v = np.asarray(v)
    return (_PROBE[: v.shape[-1]] * v).astype(np.float32)


@dataclasses.dataclass
class Sensor:
    gain: jax.Array
    offset: jax.Array
    sequential: bool = dataclasses.field(default=False, metadata=dict(static=True))


jax.tree_util.register_dataclass(Sensor, data_fields=["gain", "offset"], meta_fields=["sequential"])


def calibrate(sensor: Sensor, raw):
    spec = jax.ShapeDtypeStruct(raw.shape, jnp.float32)
    probed = io_callback(_read_probe, spec, raw * sensor.gain, ordered=sensor.sequential)
    return probed + sensor.offset


def describe(sensor):
    leaves, treedef = jax.tree_util.tree_flatten(sensor)
    return f"{treedef.num_leaves} leaves, sequential={sensor.sequential}"


class Stopwatch:
    """Tiny wall-clock timer used for the run summary."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.marks = {}

    def mark(self, name):
        self.marks[name] = self._time()
        return self

    def since(self, name):
        return self._time() - self.marks.get(name, self._time())


def merge_configs(base, override):
    """Recursive dict merge; override wins."""
    merged = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(merged.get(k), dict):
            merged[k] = merge_configs(merged[k], v)
        else:
            merged[k] = v
    return merged


DEFAULTS = {"log_every": 10, "opt": {"name": "sgd", "momentum": 0.0}}


if __name__ == "__main__":
    sensor = Sensor(gain=jnp.float32(2.0), offset=jnp.float32(0.1), sequential=True)
    print(describe(sensor))
    frames = jnp.arange(12, dtype=jnp.float32).reshape(4, 3)
    readings = jax.jit(jax.vmap(calibrate, in_axes=(None, 0)))(sensor, frames)
    print(readings.shape, float(readings.sum()))
    print("elapsed %.3fs" % Stopwatch().mark("end").since("end"))
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
