import jax
import jax.numpy as jnp

import snow.physics.melt as melt


def tune_melt_factor(settings, temps, target_swe, iters=3):
    def loss(f):
        swe = melt.integrate_swe(f, temps, settings.swe0, settings.n_steps, settings.dt_days)
        return (swe - target_swe) ** 2

    vg = jax.value_and_grad(loss)
    f = jnp.float32(1.0)
    val = None
    for _ in range(iters):
        val, g = vg(f)
        f = f - settings.lr * g / (1.0 + jnp.abs(g))
    return f, val
