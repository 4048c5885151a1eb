"""Rabi populations for a grid of detunings; matrix exponential from SciPy inside jnp.vectorize."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.linalg import expm


def host_expm(m):
    return expm(np.asarray(m)).astype(np.complex64)


def unitary(h, t):
    gen = (-1j * t) * h.astype(jnp.complex64)
    return jax.pure_callback(host_expm, jax.ShapeDtypeStruct(gen.shape, jnp.complex64), gen)


@jax.jit
def excited_population(detuning, rabi, t):
    def single(d):
        h = jnp.array([[d / 2, rabi / 2], [rabi / 2, -d / 2]])
        psi = unitary(h, t) @ jnp.array([1.0, 0.0], jnp.complex64)
        return jnp.abs(psi[1]) ** 2
    return jnp.vectorize(single, signature="()->()")(detuning)


print(excited_population(jnp.float32(0.0), 1.0, jnp.pi))
print(excited_population(jnp.linspace(-2.0, 2.0, 9), 1.0, jnp.pi))
