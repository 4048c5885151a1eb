# Models a snowmelt calibration app: the degree-day integrator's fori_loop bounds come from Python floats in a config dataclass, so jax.value_and_grad through it is allowed.
import jax.numpy as jnp

from snow.config import Settings
from snow.tuning import tune_melt_factor


if __name__ == "__main__":
    s = Settings()
    temps = jnp.array([1.0, 3.0, 2.5, 4.0, 0.5, 2.0])
    factor, loss = tune_melt_factor(s, temps, target_swe=jnp.float32(40.0))
    print("factor", factor, "loss", loss)
