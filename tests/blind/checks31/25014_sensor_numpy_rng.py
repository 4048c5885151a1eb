import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Sensor:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.key = jax.random.PRNGKey(seed)

    def read(self, setpoint):
        noise = 0.01 * self.rng.standard_normal(np.shape(setpoint))
        return (np.asarray(setpoint) + noise).astype(np.float32)


sensor = Sensor(0)


def control_step(u, key):
    y = io_callback(sensor.read, jax.ShapeDtypeStruct(u.shape, jnp.float32), u)
    jitter = 1e-3 * jax.random.normal(key, u.shape)
    return u - 0.5 * (y - 1.0) + jitter


u = jnp.zeros(2)
step = jax.jit(control_step)
keys = jax.random.split(sensor.key, 3)
for k in keys:
    u = step(u, k)
print(u)
