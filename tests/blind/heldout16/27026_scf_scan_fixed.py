"""Toy Hartree-Fock with a fixed number of damped SCF cycles (scan), differentiable in R."""
import jax
import jax.numpy as jnp
from jax import lax

grid = jnp.linspace(-4.0, 4.0, 64)
dx = grid[1] - grid[0]


def basis(R):
    c = jnp.array([-R / 2, R / 2])
    return jnp.exp(-(grid[None, :] - c[:, None]) ** 2)


def scf(R, n_cycles=30):
    chi = basis(R)
    S = chi @ chi.T * dx
    v = -1.0 / jnp.sqrt((grid + R / 2) ** 2 + 0.5) - 1.0 / jnp.sqrt((grid - R / 2) ** 2 + 0.5)
    T = 0.5 * (jnp.gradient(chi, dx, axis=1) @ jnp.gradient(chi, dx, axis=1).T) * dx
    Hcore = T + (chi * v) @ chi.T * dx
    s, U = jnp.linalg.eigh(S)
    X = U / jnp.sqrt(s)

    def cycle(P, _):
        rho = jnp.einsum("mn,mg,ng->g", P, chi, chi)
        F = Hcore + (chi * 0.5 * rho) @ chi.T * dx
        _, C = jnp.linalg.eigh(X.T @ F @ X)
        c = X @ C[:, :1]
        P_new = 2.0 * c @ c.T
        return 0.5 * (P + P_new), jnp.sum(P_new * F)

    P, e_hist = lax.scan(cycle, jnp.zeros((2, 2)), None, length=n_cycles)
    return e_hist[-1] + 1.0 / R


energy_and_force = jax.jit(jax.value_and_grad(scf))
for R in (1.2, 1.4, 1.6):
    e, dE = energy_and_force(R)
    print(R, e, -dE)
