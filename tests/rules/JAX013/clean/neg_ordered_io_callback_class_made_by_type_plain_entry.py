"""Near miss: the type()-made class's entry point is `plain`, which has no callback: vmap
batches no io_callback, JAX runs it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log(v):
    return np.asarray(v, dtype=np.float32)


def _init(self, gain):
    self.gain = gain


def _logged(self, x):
    y = jnp.tanh(x) * self.gain
    return io_callback(_log, jax.ShapeDtypeStruct(y.shape, y.dtype), y, ordered=True)


def _plain(self, x):
    return jnp.tanh(x) * self.gain


Base = type("Base", (), {"__init__": _init, "plain": _plain})
Sensor = type("Sensor", (Base,), {"entry": "plain"})
setattr(Sensor, "logged", _logged)

sensor = Sensor(2.0)
print(jax.vmap(getattr(sensor, sensor.entry))(jnp.ones((2, 3))))
