"""Finite-difference Poisson solve on the host with a custom_jvp that skips zero tangents."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.custom_derivatives import SymbolicZero
from scipy.linalg import solve_banded

N = 8
H2 = (1.0 / (N + 1)) ** 2


def _poisson(rhs, kappa):
    ab = np.zeros((3, N))
    ab[0, 1:] = -float(kappa)
    ab[1, :] = 2.0 * float(kappa) + H2
    ab[2, :-1] = -float(kappa)
    return solve_banded((1, 1), ab, np.asarray(rhs) * H2).astype(np.float32)


def host_solve(rhs, kappa):
    return jax.pure_callback(_poisson, jax.ShapeDtypeStruct(rhs.shape, jnp.float32), rhs, kappa)


@jax.custom_jvp
def solve(rhs, kappa):
    return host_solve(rhs, kappa)


def _solve_jvp(primals, tangents):
    rhs, kappa = primals
    d_rhs, d_kappa = tangents
    u = host_solve(rhs, kappa)
    du = jnp.zeros_like(u)
    if not isinstance(d_rhs, SymbolicZero):
        du = du + host_solve(d_rhs, kappa)  # linear in the right-hand side
    if not isinstance(d_kappa, SymbolicZero):
        lap_u = 2 * u - jnp.roll(u, 1).at[0].set(0.0) - jnp.roll(u, -1).at[-1].set(0.0)
        du = du - host_solve(lap_u / H2, kappa) * d_kappa
    return u, du


solve.defjvp(_solve_jvp, symbolic_zeros=True)

rhs = jnp.sin(jnp.linspace(0, jnp.pi, N))
u, du_dkappa = jax.jvp(solve, (rhs, 1.0), (jnp.zeros(N), 1.0))
print(u, du_dkappa)
u, du_drhs = jax.jvp(lambda r: solve(r, 1.0), (rhs,), (jnp.ones(N),))
print(du_drhs)
