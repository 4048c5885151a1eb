import jax
import jax.numpy as jnp

import smoother
from smoother.config import N_SAMPLES


def run():
    t = jnp.linspace(0.0, 6.0, N_SAMPLES)
    noisy = jnp.sin(t) + 0.1 * jnp.cos(17.0 * t)
    out = jax.jit(smoother.denoise)(noisy, 0.8)
    print("residual", float(jnp.abs(out - jnp.sin(t)).max()), "host calls", smoother.calls())


if __name__ == "__main__":
    run()
