"""Sparse stiffness matrix kept in scipy.sparse on the host; its matvec is exposed to JAX.
For the adjoint solve the transposed operator is derived automatically."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.sparse as sp

n = 8
K = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(n, n), format="csr").astype(np.float32)


def _host_matvec(v):
    return (K @ np.asarray(v)).astype(np.float32)


def stiffness_matvec(u):
    return jax.pure_callback(_host_matvec, jax.ShapeDtypeStruct(u.shape, u.dtype), u,
                             vmap_method="sequential")


u = jnp.linspace(0.0, 1.0, n)
print("K u =", jax.jit(stiffness_matvec)(u))
print("batched", jax.vmap(stiffness_matvec)(jnp.stack([u, 2 * u])).shape)

KT = jax.linear_transpose(stiffness_matvec, jax.ShapeDtypeStruct((n,), jnp.float32))
lam = KT(jnp.ones(n, jnp.float32))
print("adjoint", lam)
