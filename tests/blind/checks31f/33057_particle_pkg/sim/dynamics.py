import jax
import jax.numpy as jnp

from .backends import kdtree_host as kd
from .constants import DT, STIFFNESS


def _neighbours(x):
    n = x.shape[0]
    shapes = (jax.ShapeDtypeStruct((n, 2), jnp.float32), jax.ShapeDtypeStruct((n,), jnp.float32))
    return jax.pure_callback(kd.nearest_neighbour, shapes, x)


def step(state, _):
    x, v = state
    direction, dist = _neighbours(x)
    force = STIFFNESS * direction * jnp.exp(-dist)[:, None]
    v = 0.98 * v + DT * force
    return (x + DT * v, v), jnp.mean(dist)


@jax.jit
def run(x0, v0):
    return jax.lax.scan(step, (x0, v0), None, length=4)
