# Models: sparse-matrix multiply done on the host (scipy.sparse) with a custom_jvp whose tangent rule also calls the host; Jacobian via jax.jacfwd
import numpy as np
import scipy.sparse as sps
import jax
import jax.numpy as jnp

_A = sps.csr_matrix(np.array([[2.0, 0.0, 1.0],
                              [0.0, 3.0, 0.0],
                              [1.0, 0.0, 4.0]], dtype=np.float32))


def _spmv(v):
    return (_A @ np.asarray(v)).astype(np.float32)


def host_matvec(v):
    return jax.pure_callback(_spmv, jax.ShapeDtypeStruct(v.shape, v.dtype), v)


@jax.custom_jvp
def sparse_apply(v):
    return host_matvec(v)


@sparse_apply.defjvp
def _sparse_apply_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    # the operator is linear, so the tangent is the same host matvec
    return host_matvec(v), host_matvec(dv)


def energy_gradient(v):
    return jnp.tanh(sparse_apply(v)) + 0.1 * v


if __name__ == "__main__":
    v0 = jnp.array([0.1, -0.2, 0.3], jnp.float32)
    J = jax.jacfwd(energy_gradient)(v0)
    print(J.shape)
    print(J)
