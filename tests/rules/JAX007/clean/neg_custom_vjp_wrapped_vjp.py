"""jax.vjp through a custom_vjp-wrapped host linear solve; the pullback runs the adjoint solve on the host too."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg

A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], np.float32)
LU = scipy.linalg.lu_factor(A)


def _solve(b, trans=0):
    return scipy.linalg.lu_solve(LU, np.asarray(b), trans=trans).astype(np.float32)


@jax.custom_vjp
def solve(b):
    return jax.pure_callback(_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), b)


def solve_fwd(b):
    return solve(b), None


def solve_bwd(_, g):
    gb = jax.pure_callback(lambda v: _solve(v, trans=1), jax.ShapeDtypeStruct(g.shape, g.dtype), g)
    return (gb,)


solve.defvjp(solve_fwd, solve_bwd)

b = jnp.array([1.0, 2.0, 3.0])
x, pullback = jax.vjp(solve, b)
print(x, pullback(jnp.ones(3)))
