# Models: forward-mode sensitivity (jax.jvp on a pytree) of a lattice model whose integer site-count leaf is sent to a host lookup table; float0 tangent for the int leaf
import numpy as np
import jax
import jax.numpy as jnp

_DEGEN = np.array([1.0, 2.0, 6.0, 24.0, 120.0], dtype=np.float32)


def _degeneracy(n):
    return _DEGEN[np.asarray(n)]


def degeneracy(n):
    return jax.pure_callback(_degeneracy, jax.ShapeDtypeStruct(n.shape, jnp.float32), n,
                             vmap_method="expand_dims")


def free_energy(state):
    g = degeneracy(state["levels"])
    beta = state["beta"]
    return -jnp.log(jnp.sum(g * jnp.exp(-beta * state["energies"]))) / beta


def sensitivity(state, direction):
    return jax.jvp(free_energy, (state,), (direction,))


def partition(state):
    g = degeneracy(state["levels"])
    return jnp.sum(g * jnp.exp(-state["beta"] * state["energies"]))


def populations(state):
    g = degeneracy(state["levels"])
    w = g * jnp.exp(-state["beta"] * state["energies"])
    return w / jnp.sum(w)


if __name__ == "__main__":
    s = {"levels": jnp.array([0, 1], jnp.int32), "energies": jnp.array([0.0, 1.0], jnp.float32), "beta": jnp.float32(1.0)}
    print(partition(s), populations(s))
    state = {"levels": jnp.array([0, 1, 2, 3], jnp.int32),
             "energies": jnp.array([0.0, 0.5, 1.0, 1.5], jnp.float32),
             "beta": jnp.float32(2.0)}
    direction = {"levels": np.zeros((4,), dtype=jax.dtypes.float0),
                 "energies": jnp.array([1.0, 0.0, 0.0, 0.0], jnp.float32),
                 "beta": jnp.float32(0.0)}
    f, df = sensitivity(state, direction)
    print(f, df)
