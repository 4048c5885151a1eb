# Models a src-layout ODE-fitting library whose training routine streams trajectory checkpoints to a host logger.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

import jax.numpy as jnp  # noqa: E402
from dynsys import fit  # noqa: E402

t_obs = jnp.linspace(0.0, 1.0, 6)
y_obs = jnp.exp(-0.7 * t_obs)

if __name__ == "__main__":
    k_hat, hist = fit(jnp.float32(0.2), t_obs, y_obs, steps=3, lr=0.5)
    print("fitted decay", k_hat, hist)
