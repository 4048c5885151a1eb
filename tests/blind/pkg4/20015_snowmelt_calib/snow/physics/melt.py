import jax
import jax.numpy as jnp


def integrate_swe(factor, temps, swe0, n_steps, dt):
    def day(i, swe):
        melt = factor * jnp.maximum(temps[i], 0.0) * dt
        return jnp.maximum(swe - melt, 0.0)

    return jax.lax.fori_loop(0, n_steps, day, jnp.float32(swe0))
