import numpy as np
import scipy.linalg as sla
import jax
import jax.numpy as jnp

_A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], dtype=np.float32)
_LU = sla.lu_factor(_A)


def _lu_solve(b):
    return sla.lu_solve(_LU, b).astype(np.float32)


def host_solve(b):
    return jax.pure_callback(_lu_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), b)


@jax.custom_jvp
def stiff_solve(b):
    return jax.pure_callback(_lu_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), b,
                             vmap_method="sequential")


@stiff_solve.defjvp
def _stiff_solve_jvp(primals, tangents):
    (b,), (db,) = primals, tangents
    return stiff_solve(b), host_solve(db)
