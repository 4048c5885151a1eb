"""Power iteration with a host-side Gram-Schmidt re-orthogonalisation in a static fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_orthonormalize(v, **_):
    v = np.asarray(v, dtype=np.float64)
    q, _ = np.linalg.qr(v)
    return q.astype(np.float32)


def reortho(V):
    return jax.pure_callback(host_orthonormalize, jax.ShapeDtypeStruct(V.shape, V.dtype), V,
                             vectorized=False)


def subspace_iteration(A, V0, n_iter=5):
    def body(i, V):
        V = A @ V
        return reortho(V)
    return lax.fori_loop(0, n_iter, body, V0)


def rayleigh(A, V):
    return jnp.linalg.eigvalsh(V.T @ A @ V)


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    M = rng.normal(size=(6, 6))
    A = jnp.asarray(M @ M.T, dtype=jnp.float32)
    V0 = jnp.asarray(rng.normal(size=(6, 2)), dtype=jnp.float32)
    V = jax.jit(subspace_iteration, static_argnums=2)(A, V0, 5)
    print(np.round(np.asarray(rayleigh(A, V)), 3))
