"""Boundary handling chosen by lax.switch; the 'tabulated' mode asks the host for ghost cells."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

MODES = {"periodic": 0, "reflect": 1, "tabulated": 2}
MODE = "tabulated"


def host_ghost_cells(u):
    u = np.asarray(u)
    return np.array([2 * u[0] - u[1], 2 * u[-1] - u[-2]], dtype=np.float32)


def ghosts(mode_idx, u):
    return lax.switch(mode_idx, [
        lambda u: jnp.stack([u[-1], u[0]]),
        lambda u: jnp.stack([u[1], u[-2]]),
        lambda u: jax.pure_callback(host_ghost_cells, jax.ShapeDtypeStruct((2,), u.dtype), u,
                                    vectorized=True),
    ], u)


def heat_step(u, mode_idx, nu=0.2):
    g = ghosts(mode_idx, u)
    padded = jnp.concatenate([g[:1], u, g[1:]])
    return u + nu * (padded[2:] - 2 * u + padded[:-2])


@jax.jit
def evolve(u, mode_idx):
    def body(u, _):
        u = heat_step(u, mode_idx)
        return u, u.sum()
    return lax.scan(body, u, None, length=4)


if __name__ == "__main__":
    u0 = jnp.sin(jnp.linspace(0, jnp.pi, 8))
    u, totals = evolve(u0, MODES[MODE])
    print(np.round(np.asarray(u), 3))
