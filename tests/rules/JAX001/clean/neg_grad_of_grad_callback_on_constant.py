"""grad(grad(f)) where the host supplies a constant coefficient: no operand ever has a tangent."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.constants


def host_boltzmann(_):
    return np.asarray(scipy.constants.k * 1e23, dtype=np.float32)


def free_energy(t):
    kb = jax.pure_callback(host_boltzmann, jax.ShapeDtypeStruct((), jnp.float32), jnp.float32(0.0))
    return kb * t * jnp.log(t)


print(jax.grad(jax.grad(free_energy))(2.0))
