"""Beam-line settings in a dict; only the magnet currents are scanned with vmap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def write_setpoint(settings):
    cur = np.asarray(settings["current"])
    gap = np.asarray(settings["gap"])
    return np.float32(cur.sum() / max(float(gap), 1e-3))


def focus_strength(settings):
    k = io_callback(write_setpoint, jax.ShapeDtypeStruct((), jnp.float32),
                    settings, ordered=True)
    return k * settings["length"]


settings = {
    "current": jnp.linspace(10.0, 20.0, 4)[:, None] * jnp.ones((4, 2)),
    "gap": jnp.float32(0.05),
    "length": jnp.float32(0.3),
}
axes = {"current": 0, "gap": None, "length": None}
strengths = jax.vmap(focus_strength, in_axes=(axes,))(settings)
print(strengths)
