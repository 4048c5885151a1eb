"""The ordered host effect receives a module-level calibration array captured by closure."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CALIBRATION = jnp.array([1.0, 0.98, 1.02])


def _upload(calib):
    return np.asarray(calib, dtype=np.float32) * np.float32(1.0)


def corrected(sample):
    calib = io_callback(_upload, jax.ShapeDtypeStruct(CALIBRATION.shape, jnp.float32),
                        CALIBRATION, ordered=True)
    return sample * calib


samples = jnp.ones((4, 3))
print(jax.jit(jax.vmap(corrected))(samples))
