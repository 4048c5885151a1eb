# sensor model: host-side calibration curve applied to a fixed reference; forward-mode sensitivity w.r.t. gain
import jax
import jax.numpy as jnp
import numpy as np

_cal_x = np.linspace(0.0, 1.0, 11)
_cal_y = np.sqrt(_cal_x) * 0.9 + 0.05


def calibrate(raw):
    return jax.pure_callback(lambda r: np.interp(r, _cal_x, _cal_y).astype(np.float32),
                             jax.ShapeDtypeStruct(raw.shape, jnp.float32), raw)


REFERENCE = jnp.linspace(0.1, 0.9, 5, dtype=jnp.float32)


def reading(gain, offset):
    base = calibrate(REFERENCE)
    return gain * base + offset


y, dy_dgain = jax.jvp(lambda g: reading(g, 0.02), (jnp.float32(1.1),), (jnp.float32(1.0),))
print(y, dy_dgain)
print(jax.jacrev(reading, argnums=(0, 1))(jnp.float32(1.1), jnp.float32(0.02)))
