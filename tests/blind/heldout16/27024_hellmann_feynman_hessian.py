"""Force constants of a ground-state energy: the second derivative of a Hellmann-Feynman energy."""
import numpy as np
import jax
import jax.numpy as jnp


def _lowest(h):
    w, v = np.linalg.eigh(np.asarray(h, dtype=np.float64))
    return np.float32(w[0]), v[:, 0].astype(np.float32)


@jax.custom_jvp
def lowest_eigenvalue(h):
    out = (jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((h.shape[0],), jnp.float32))
    return jax.pure_callback(_lowest, out, h, vmap_method="sequential")[0]


@lowest_eigenvalue.defjvp
def _lowest_jvp(primals, tangents):
    (h,), (dh,) = primals, tangents
    out = (jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((h.shape[0],), jnp.float32))
    w, v = jax.pure_callback(_lowest, out, h, vmap_method="sequential")
    return w, jnp.einsum("i,ij,j->", v, dh, v)


def dimer_hamiltonian(r):
    # Hueckel-like model whose hopping decays with the bond length
    t = jnp.exp(-(r - 1.0))
    return jnp.array([[0.0, -t, 0.0], [-t, 0.2, -t], [0.0, -t, 0.0]])


def pes(r):
    return lowest_eigenvalue(dimer_hamiltonian(r)) + 0.5 / r


r_eq = 1.3
force = -jax.grad(pes)(r_eq)
k_spring = jax.hessian(pes)(r_eq)
print(force, k_spring)
