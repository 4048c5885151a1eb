"""Projected update: the whole state tree is flattened and projected onto a box on the host."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

BOUNDS = (-0.5, 0.5)


def project_box(flat, vectorized=False):
    flat = np.asarray(flat)
    return np.clip(flat, *BOUNDS).astype(flat.dtype)


def project(tree):
    flat, unravel = ravel_pytree(tree)
    spec = jax.ShapeDtypeStruct(flat.shape, flat.dtype)
    flat = jax.pure_callback(project_box, spec, flat, vectorized=False)
    return unravel(flat)


def energy(state):
    pos, vel = state["pos"], state["vel"]
    return 0.5 * jnp.sum(vel ** 2) + jnp.sum(jnp.cos(pos))


@jax.jit
def descend(state, lr):
    g = jax.grad(energy)(state)
    moved = jax.tree.map(lambda s, d: s - lr * d, state, g)
    return project(moved)


if __name__ == "__main__":
    state = {"pos": jnp.array([0.2, -0.1, 0.4]), "vel": jnp.array([1.0, -2.0])}
    for _ in range(3):
        state = descend(state, 0.3)
    print({k: np.round(np.asarray(v), 3).tolist() for k, v in state.items()})
