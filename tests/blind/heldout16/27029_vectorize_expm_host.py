"""Time evolution of many 2x2 Hamiltonians, expm on the host, broadcasting via jnp.vectorize."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.linalg import expm


def _host_expm(h_batch):
    h = np.asarray(h_batch)
    flat = h.reshape(-1, 2, 2)
    out = np.stack([expm(-1j * m) for m in flat]).reshape(h.shape)
    return out.astype(np.complex64)


@jax.jit
def propagator(h):
    return jax.pure_callback(_host_expm, jax.ShapeDtypeStruct(h.shape, jnp.complex64),
                             h, vmap_method="expand_dims")


evolve = jnp.vectorize(lambda h, psi: propagator(h) @ psi, signature="(2,2),(2)->(2)")

sx = jnp.array([[0.0, 1.0], [1.0, 0.0]])
sz = jnp.array([[1.0, 0.0], [0.0, -1.0]])
omegas = jnp.linspace(0.1, 1.0, 4)
Hs = omegas[:, None, None] * sx + 0.3 * sz
psi0 = jnp.array([1.0 + 0j, 0.0 + 0j], dtype=jnp.complex64)
out = evolve(Hs.astype(jnp.complex64), psi0)
print(jnp.abs(out) ** 2)
