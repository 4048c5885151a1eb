import math
import unittest

import numpy as np
import jax
import jax.numpy as jnp

BASE_CALLBACK_OPTIONS = dict(vmap_method="sequential")


def solar_elevation_host(doy, hour, lat, **_unused):
    doy = np.asarray(doy, dtype=np.float64)
    hour = np.asarray(hour, dtype=np.float64)
    lat = np.radians(np.asarray(lat, dtype=np.float64))
    decl = np.radians(-23.44) * np.cos(2 * np.pi * (doy + 10) / 365.0)
    hour_angle = np.radians(15.0 * (hour - 12.0))
    s = np.sin(lat) * np.sin(decl) + np.cos(lat) * np.cos(decl) * np.cos(hour_angle)
    return np.degrees(np.arcsin(s)).astype(np.float32)


def solar_elevation(doy, hour, lat, **options):
    spec = jax.ShapeDtypeStruct(jnp.broadcast_shapes(jnp.shape(doy), jnp.shape(hour)), jnp.float32)
    return jax.pure_callback(solar_elevation_host, spec, doy, hour, lat, **options)


def panel_power(elev_deg, area=1.6, eff=0.2, irradiance=1000.0):
    return area * eff * irradiance * jnp.clip(jnp.sin(jnp.radians(elev_deg)), 0.0, None)


def daily_energy(doy, lat, **options):
    hours = jnp.linspace(0.0, 24.0, 49)
    elev = solar_elevation(doy, hours, lat, **options)
    return jnp.trapezoid(panel_power(elev), hours)


class SolarTest(unittest.TestCase):

    def setUp(self):
        self.cb_kwargs = dict(BASE_CALLBACK_OPTIONS) | {"vectorized": False}
        self.lat = jnp.float32(48.1)

    def test_noon_equinox(self):
        elev = solar_elevation(jnp.float32(80.0), jnp.float32(12.0), self.lat, **BASE_CALLBACK_OPTIONS)
        self.assertAlmostEqual(float(elev), 90.0 - 48.1, delta=1.5)

    def test_midnight_below_horizon(self):
        elev = jax.jit(solar_elevation)(jnp.float32(172.0), jnp.float32(0.0), self.lat)
        self.assertLess(float(elev), 0.0)

    def test_summer_beats_winter(self):
        f = jax.jit(lambda d: daily_energy(d, self.lat, **self.cb_kwargs))
        summer, winter = float(f(jnp.float32(172.0))), float(f(jnp.float32(355.0)))
        self.assertGreater(summer, 2.0 * winter)

    def test_year_sweep_vmapped(self):
        days = jnp.arange(1.0, 366.0, 30.0)
        energy = jax.vmap(lambda d: daily_energy(d, self.lat, vmap_method="sequential"))(days)
        self.assertIn(int(jnp.argmax(energy)), (5, 6))
        self.assertTrue(math.isfinite(float(energy.sum())))


if __name__ == "__main__":
    unittest.main()
