"""Opacity table applied by a helper that can be pointed at a compatibility namespace."""
import types
import numpy as np
import jax
import jax.numpy as jnp

TEMPS = np.linspace(1.0, 5.0, 20)
KAPPA = 1.0 / (1.0 + TEMPS ** 2)


def _strip_legacy(callback, shape, *args, vectorized=None, **kw):
    kw.setdefault("vmap_method", "sequential")
    return jax.pure_callback(callback, shape, *args, **kw)


compat = types.SimpleNamespace(pure_callback=_strip_legacy)


def host_opacity(t):
    tv = np.asarray(t)
    return np.interp(tv, TEMPS, KAPPA).astype(tv.dtype)


def opacity(t, jax=compat):
    return jax.pure_callback(host_opacity, jax_shape(t), t, vectorized=True)


def jax_shape(t):
    return jax.ShapeDtypeStruct(t.shape, t.dtype)


def optical_depth(temps, dz):
    return jnp.cumsum(opacity(temps) * dz)


if __name__ == "__main__":
    temps = jnp.linspace(1.5, 4.5, 6, dtype=jnp.float32)
    tau = jax.jit(optical_depth)(temps, 0.25)
    print("tau:", np.round(np.asarray(tau), 4))
