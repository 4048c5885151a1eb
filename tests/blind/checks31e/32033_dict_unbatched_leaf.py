"""Magnet scan: only the gap setting (not scanned) is written to the controller."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _write_gap(gap):
    return np.float32(1.0 / max(float(np.asarray(gap)), 1e-3))


def focus(settings):
    inv_gap = io_callback(_write_gap, jax.ShapeDtypeStruct((), jnp.float32),
                          settings["gap"], ordered=True)
    return jnp.sum(settings["current"]) * inv_gap * settings["length"]


settings = {
    "current": jnp.ones((4, 2)) * jnp.arange(4.0)[:, None],
    "gap": jnp.float32(0.05),
    "length": jnp.float32(0.3),
}
print(jax.vmap(focus, in_axes=({"current": 0, "gap": None, "length": None},))(settings))
