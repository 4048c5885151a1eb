"""Sea-ice albedo parameterisation with a host table; a context manager swaps the host."""
import contextlib
import numpy as np
import jax
import jax.numpy as jnp


def _albedo_table(thickness):
    h = np.asarray(thickness, dtype=np.float64)
    return (0.06 + 0.5 * (1.0 - np.exp(-h / 0.5))).astype(np.float32)


def _tolerant(fn):
    def wrapper(*args, **_ignored):
        return fn(*args)
    return wrapper


HOST = _albedo_table


@contextlib.contextmanager
def lenient_host():
    global HOST
    saved = HOST
    HOST = _tolerant(saved)
    try:
        yield
    finally:
        HOST = saved


def albedo(thickness):
    spec = jax.ShapeDtypeStruct(thickness.shape, jnp.float32)
    return jax.pure_callback(HOST, spec, thickness, vectorized=True)


def absorbed_flux(thickness, insolation):
    return (1.0 - albedo(thickness)) * insolation


def energy_budget(thickness, insolation, ocean_flux=2.0):
    q = absorbed_flux(thickness, insolation)
    return jnp.mean(q) + ocean_flux


def melt_pond_fraction(day_of_year):
    """Seasonal melt-pond cover, a smooth bump over the summer (unitless)."""
    return 0.3 * np.exp(-((day_of_year - 200.0) / 25.0) ** 2)


def to_mj_per_day(flux_w_m2):
    return flux_w_m2 * 86400.0 / 1e6


if __name__ == "__main__":
    h = jnp.array([0.0, 0.2, 0.8, 1.5, 3.0], dtype=jnp.float32)
    sw = jnp.float32(180.0)
    with lenient_host():
        baseline = 0.0
    budget = jax.jit(energy_budget)(h, sw)
    print("net flux [W/m2]:", round(float(budget) - baseline, 2))
