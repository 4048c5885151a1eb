"""Host-side Gram-Schmidt using an array-namespace helper that resolves to NumPy."""
import jax
import jax.numpy as jnp
import numpy as np


def array_namespace(*arrays):
    """Pick the module used for host arithmetic (always NumPy on the host)."""
    return np


def gram_schmidt_host(vectors):
    vectors = np.asarray(vectors)
    xp = array_namespace(vectors)
    basis = []
    for v in vectors:
        w = v - sum(xp.dot(v, b) * b for b in basis) if basis else v.copy()
        basis.append(w / xp.linalg.norm(w))
    return xp.stack(basis).astype(vectors.dtype)


def orthonormalise(vectors):
    return jax.pure_callback(gram_schmidt_host,
                             jax.ShapeDtypeStruct(vectors.shape, vectors.dtype), vectors)


@jax.jit
def orthogonality_defect(vectors):
    q = orthonormalise(vectors)
    return jnp.linalg.norm(q @ q.T - jnp.eye(q.shape[0]))


if __name__ == "__main__":
    v = jnp.array([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    print(orthogonality_defect(v))
