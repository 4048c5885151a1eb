import jax.numpy as jnp

from calib import calibration_error, sweep
from sensorlib import BENCH
from settings import CHANNEL_AXES, N_CHANNELS

gains = jnp.linspace(0.9, 1.1, N_CHANNELS) if CHANNEL_AXES[0] == 0 else jnp.float32(1.0)
offsets = jnp.zeros(N_CHANNELS) if CHANNEL_AXES[1] == 0 else jnp.float32(0.0)
readings = sweep(gains, offsets)
print(readings, calibration_error(readings), BENCH.reads)
