"""jax.grad, unlike equinox's filters, differentiates a module's Python float field default: the host lookup on it gets a tangent."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def host_attenuation(wavelength_nm):
    return np.float32(1.0 / (1.0 + 1e-3 * float(wavelength_nm)))


class Photodiode(eqx.Module):
    responsivity: jax.Array
    wavelength_nm: float = 850.0

    def current(self, power):
        atten = jax.pure_callback(  # EXPECT: JAX001
            host_attenuation, jax.ShapeDtypeStruct((), jnp.float32), self.wavelength_nm
        )
        return self.responsivity * power * atten


def fit_loss(diode, power, measured):
    predicted = jax.vmap(diode.current)(power)
    return jnp.sum((predicted - measured) ** 2)


diode = Photodiode(responsivity=jnp.float32(0.6))
power = jnp.array([0.1, 0.2, 0.4])
measured = jnp.array([0.03, 0.07, 0.13])
grads = jax.grad(fit_loss)(diode, power, measured)
print(grads.responsivity)
