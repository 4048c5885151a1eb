# damped fixed-point solver; the sweep count is marked static so the loop unrolls into a scan
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sweep(i, state):
    u, a = state
    return (0.5 * u + 0.5 * jnp.cos(a * u), a)


@partial(jax.jit, static_argnames="n_sweeps")
def solve(a, n_sweeps):
    u, _ = lax.fori_loop(0, n_sweeps, sweep, (jnp.zeros_like(a), a))
    return u


def objective(a, n_sweeps):
    return jnp.sum(solve(a, n_sweeps=n_sweeps) ** 2)


cfg = {"n_sweeps": 40}
a = jnp.array([0.5, 1.0, 1.5])
print(solve(a, n_sweeps=cfg["n_sweeps"]))
print(jax.grad(objective)(a, cfg["n_sweeps"]))
