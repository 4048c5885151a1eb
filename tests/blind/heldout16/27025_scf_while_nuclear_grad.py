"""A toy restricted Hartree-Fock SCF for a 1-D two-centre model; forces by autodiff."""
import jax
import jax.numpy as jnp
from jax import lax

N_BASIS, N_OCC = 4, 1
grid = jnp.linspace(-4.0, 4.0, 64)
dx = grid[1] - grid[0]


def basis(R):
    centres = jnp.array([-R / 2, -R / 2, R / 2, R / 2])
    widths = jnp.array([1.0, 0.4, 1.0, 0.4])
    return jnp.exp(-widths[:, None] * (grid[None, :] - centres[:, None]) ** 2)


def integrals(R):
    chi = basis(R)
    S = chi @ chi.T * dx
    lap = jnp.gradient(jnp.gradient(chi, dx, axis=1), dx, axis=1)
    v = -1.0 / jnp.sqrt((grid + R / 2) ** 2 + 0.5) - 1.0 / jnp.sqrt((grid - R / 2) ** 2 + 0.5)
    Hcore = (-0.5 * chi @ lap.T + (chi * v) @ chi.T) * dx
    return S, Hcore, chi


def scf_energy(R, tol=1e-6, max_iter=100):
    S, Hcore, chi = integrals(R)
    s, U = jnp.linalg.eigh(S)
    X = U / jnp.sqrt(s)

    def fock(P):
        rho = jnp.einsum("mn,mg,ng->g", P, chi, chi)
        J = (chi * (0.5 * rho)) @ chi.T * dx
        return Hcore + J

    def new_density(P):
        e, C = jnp.linalg.eigh(X.T @ fock(P) @ X)
        C = X @ C[:, :N_OCC]
        return 2.0 * C @ C.T

    def not_converged(state):
        it, P, P_old = state
        return (it < max_iter) & (jnp.max(jnp.abs(P - P_old)) > tol)

    def iterate(state):
        it, P, _ = state
        return it + 1, 0.5 * P + 0.5 * new_density(P), P

    P0 = new_density(jnp.zeros((N_BASIS, N_BASIS)))
    _, P, _ = lax.while_loop(not_converged, iterate, (0, P0, P0 + 1.0))
    return 0.5 * jnp.sum(P * (Hcore + fock(P))) + 1.0 / R


R = 1.4
print(scf_energy(R))
print("force", -jax.grad(scf_energy)(R))
