"""Two-qubit state-vector simulator; a parameter sweep runs the entangler on the host."""
import numpy as np
import jax
import jax.numpy as jnp

CNOT = np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]], dtype=np.complex64)


def ry(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -s], [s, c]], dtype=jnp.complex64)


def _host_entangle(psi):
    psi = np.asarray(psi)
    return (psi @ CNOT.T).astype(np.complex64)


def entangle(psi):
    return jax.pure_callback(_host_entangle, jax.ShapeDtypeStruct(psi.shape, psi.dtype), psi,
                             vmap_method="broadcast_all")


def circuit(params):
    psi = jnp.zeros(4, jnp.complex64).at[0].set(1.0)
    U = jnp.kron(ry(params[0]), ry(params[1]))
    psi = entangle(U @ psi)
    return psi


def zz_expectation(psi):
    zz = jnp.array([1.0, -1.0, -1.0, 1.0])
    return jnp.real(jnp.sum(zz * jnp.abs(psi) ** 2))


grid = jnp.stack(jnp.meshgrid(jnp.linspace(0, jnp.pi, 5), jnp.linspace(0, jnp.pi, 5)), -1).reshape(-1, 2)
landscape = jax.vmap(lambda p: zz_expectation(circuit(p)))(grid)
print(landscape.reshape(5, 5))
