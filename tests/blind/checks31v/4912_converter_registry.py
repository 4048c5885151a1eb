"""A read-only view of the unit-conversion registry handed to the host."""
from types import MappingProxyType

import jax
import jax.numpy as jnp
import numpy as np

_CONVERTERS = {
    "celsius": lambda v: v - 273.15,
    "fahrenheit": lambda v: (v - 273.15) * 9 / 5 + 32,
}
CONVERTERS = MappingProxyType(dict(_CONVERTERS))


def convert_on_host(kelvin):
    kelvin = np.asarray(kelvin)
    return np.asarray(CONVERTERS["celsius"](kelvin), dtype=np.float32)


def register(name, fn):
    _CONVERTERS[name] = fn


def to_celsius(t):
    return jax.pure_callback(convert_on_host, jax.ShapeDtypeStruct(t.shape, jnp.float32), t)


register("celsius", lambda v: jnp.subtract(v, 273.15))
register("rankine", lambda v: v * 1.8)

def kelvin_from_celsius(c):
    return jnp.asarray(c) + 273.15


def dew_point(t_c, rh):
    a, b = 17.27, 237.7
    gamma = a * t_c / (b + t_c) + np.log(rh)
    return b * gamma / (a - gamma)


def check_roundtrip(values):
    return np.allclose(np.asarray(values) - 273.15 + 273.15, values)


def heat_index_ok(t_c):
    return 27.0 <= t_c <= 45.0


if __name__ == "__main__":
    temps = jnp.array([273.15, 300.0, 310.5], dtype=jnp.float32)
    print(jax.jit(to_celsius)(temps))
    print(sorted(CONVERTERS))
    print(kelvin_from_celsius(20.0), dew_point(25.0, 0.6), check_roundtrip([300.0]))
