"""Steady-state heat equation -d/dx(k(x) du/dx) = f with a conductivity that
depends on a learnable scale.  The stiffness operator is applied by a C
stencil kernel (here emulated with numpy), and the linear solve uses
lax.custom_linear_solve so we can differentiate the solution."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

N = 6
H = 1.0 / (N + 1)


def _stencil_apply(kappa, u):
    u = np.asarray(u, np.float64)
    k = np.asarray(kappa, np.float64)
    up = np.concatenate([[0.0], u, [0.0]])
    kf = 0.5 * (k[:-1] + k[1:])
    flux = kf * (up[1:] - up[:-1]) / H
    return (-(flux[1:] - flux[:-1]) / H).astype(np.float32)


def apply_stiffness(kappa, u):
    return jax.pure_callback(_stencil_apply, jax.ShapeDtypeStruct(u.shape, u.dtype), kappa, u)


def dense_stiffness(kappa):
    kf = 0.5 * (kappa[:-1] + kappa[1:])
    main = (kf[:-1] + kf[1:]) / H**2
    off = -kf[1:-1] / H**2
    return jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)


def solve_heat(scale, rhs):
    xs = jnp.linspace(0.0, 1.0, N + 2)
    kappa = 1.0 + scale * xs**2
    A = dense_stiffness(kappa)
    matvec = lambda u: apply_stiffness(kappa, u)
    solver = lambda mv, b: jnp.linalg.solve(A, b)
    return lax.custom_linear_solve(matvec, rhs, solve=solver, symmetric=True)


def objective(scale):
    u = solve_heat(scale, jnp.ones(N))
    return jnp.sum(u**2) * H


if __name__ == "__main__":
    print("J(0.5) =", float(objective(0.5)))
    print("dJ/dscale =", float(jax.grad(objective)(0.5)))
