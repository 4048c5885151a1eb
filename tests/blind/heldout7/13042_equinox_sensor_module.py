"""Equinox module for a thermistor sensor: Steinhart-Hart coefficients are trainable, the
calibration table offset comes from a host call keyed by a static Python float."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def _table_offset(ref):
    return np.float32(0.001 * float(ref))


class Thermistor(eqx.Module):
    coeffs: jax.Array
    ref_resistance: float = 10_000.0

    def __call__(self, R):
        offset = jax.pure_callback(_table_offset, jax.ShapeDtypeStruct((), jnp.float32),
                                   self.ref_resistance)
        lnR = jnp.log(R / self.ref_resistance)
        a, b, c = self.coeffs
        return 1.0 / (a + b * lnR + c * lnR ** 3) + offset


R_obs = jnp.array([5000.0, 10000.0, 20000.0])
T_obs = jnp.array([318.0, 298.0, 278.0])


@eqx.filter_value_and_grad
def loss(model):
    return jnp.mean((jax.vmap(model)(R_obs) - T_obs) ** 2)


model = Thermistor(coeffs=jnp.array([3.354e-3, 2.56e-4, 2.0e-6]))
val, grads = loss(model)
print(val, grads.coeffs)
