"""Tabulated drag coefficient, interpolated on the host for scalar or vector Mach numbers."""
import numpy as np
import jax
import jax.numpy as jnp

MACH = np.array([0.0, 0.5, 0.8, 1.0, 1.2, 2.0], dtype=np.float32)
CD = np.array([0.20, 0.21, 0.25, 0.42, 0.38, 0.30], dtype=np.float32)


def _lookup(mach):
    m = np.asarray(mach)
    if np.ndim(m) == 0:
        return np.float32(np.interp(m, MACH, CD))
    return np.asarray(jnp.interp(m, MACH, CD), dtype=np.float32)


def drag_coefficient(mach):
    mach = jnp.asarray(mach, jnp.float32)
    shape = jax.ShapeDtypeStruct(mach.shape, jnp.float32)
    return jax.pure_callback(_lookup, shape, mach)


def drag_force(v, rho=1.2, area=0.01, c_sound=340.0):
    cd = drag_coefficient(v / c_sound)
    return 0.5 * rho * area * cd * v ** 2


@jax.jit
def decelerate(v, dt=0.1, mass=0.5):
    return v - dt * drag_force(v) / mass


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"


def seed_everything(seed=0):
    """Seed the host-side generators used by the data helpers."""
    import random as _random
    _random.seed(seed)
    return np.random.default_rng(seed)



if __name__ == "__main__":
    speeds = jnp.array([100.0, 300.0, 500.0])
    print(np.round(np.asarray(decelerate(speeds)), 3))
