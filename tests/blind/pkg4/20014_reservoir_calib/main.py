# Models a reservoir-routing calibration app: the simulator's fori_loop bound is computed from a traced horizon, and the calibrator takes jax.grad through it.
import jax.numpy as jnp

from reservoir.config import load_config
from reservoir.calibrate import calibrate
from reservoir import losses


if __name__ == "__main__":
    cfg = load_config()
    observed = jnp.array(0.42)
    k = calibrate(cfg, observed, loss=losses.REGISTRY[cfg["loss"]])
    print("k", k)
