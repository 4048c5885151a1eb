# piecewise equation of state chosen by a static "regime" flag; only the analytic regime is differentiated
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

_rho = np.linspace(1.0, 5.0, 30)
_press = 0.5 * _rho ** 2.2


def _table_pressure(rho):
    return np.interp(rho, _rho, _press).astype(np.float32)


@partial(jax.jit, static_argnames="regime")
def pressure(rho, regime="dilute"):
    if regime == "dilute":
        return 0.5 * rho ** 2
    return jax.pure_callback(_table_pressure, jax.ShapeDtypeStruct(rho.shape, jnp.float32), rho,
                             vmap_method="broadcast_all")


dense = pressure(jnp.linspace(1.0, 4.0, 4, dtype=jnp.float32), regime="dense")
cs2 = jax.vmap(jax.grad(partial(pressure, regime="dilute")))(jnp.linspace(0.1, 0.9, 5))
print(dense, cs2)
