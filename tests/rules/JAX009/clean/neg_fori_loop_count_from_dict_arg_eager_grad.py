"""Relaxation solver with the sweep count in a config dict, differentiated eagerly: the count stays a concrete int and fori_loop becomes a scan."""
import jax
import jax.numpy as jnp


def relax(u, rhs, n_sweeps, omega=0.8):
    def sweep(_, u):
        neighbours = 0.5 * (jnp.roll(u, 1) + jnp.roll(u, -1))
        return (1.0 - omega) * u + omega * (neighbours + rhs)

    return jax.lax.fori_loop(0, n_sweeps, sweep, u)


def objective(rhs, cfg):
    u = relax(jnp.zeros_like(rhs), rhs, cfg["sweeps"])
    return jnp.sum((u - cfg["target"]) ** 2)


cfg = {"sweeps": 4, "target": jnp.linspace(0.0, 1.0, 5)}
rhs = jnp.full(5, 0.1)
print(objective(rhs, cfg))
print(jax.grad(objective)(rhs, cfg))
