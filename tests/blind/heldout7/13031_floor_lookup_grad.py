"""Solar irradiance lookup: day-of-year index from the time coordinate, fetched from a
host ephemeris table; gradient wrt a panel tilt angle."""
import jax
import jax.numpy as jnp
import numpy as np

_ephem = (1361.0 * (1 + 0.033 * np.cos(2 * np.pi * np.arange(366) / 365.0))).astype(np.float32)


def extraterrestrial(day):
    return jax.pure_callback(lambda d: _ephem[np.asarray(d) % 366],
                             jax.ShapeDtypeStruct(jnp.shape(day), jnp.float32), day)


def panel_power(tilt, t_days, zenith=0.6):
    day = jnp.floor(t_days)
    day_i = jax.lax.stop_gradient(day).astype(jnp.int32)
    return extraterrestrial(day_i) * jnp.cos(zenith - tilt) * (1.0 + 0.0 * t_days)


print(jax.grad(panel_power, argnums=(0, 1))(0.4, 172.3))
print(jax.jit(jax.hessian(panel_power))(0.4, 172.3))
