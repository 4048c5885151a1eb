"""eqx.filter_custom_jvp around a host special function inside a Module, under filter_grad and filter_jvp."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


@eqx.filter_custom_jvp
def log_erfc(x):
    return jax.pure_callback(lambda v: np.log(special.erfc(v)).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@log_erfc.def_jvp
def _log_erfc_jvp(primals, tangents):
    x, = primals
    tx, = tangents
    y = log_erfc(x)
    slope = -2.0 / jnp.sqrt(jnp.pi) * jnp.exp(-x ** 2 - y)
    return y, slope * tx


class Survival(eqx.Module):
    scale: jax.Array

    def __call__(self, t):
        return jnp.sum(log_erfc(t / self.scale))


model = Survival(jnp.float32(2.0))
t = jnp.array([0.5, 1.0, 2.0])
print(eqx.filter_grad(lambda m: m(t))(model).scale)
print(eqx.filter_jvp(lambda s: Survival(s)(t), (jnp.float32(2.0),), (jnp.float32(1.0),)))
