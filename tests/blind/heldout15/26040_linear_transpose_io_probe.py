import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

probe_values = []


def _probe(v):
    probe_values.append(np.asarray(v).copy())
    return np.asarray(v)


def stencil(u):
    du = jnp.diff(u, prepend=0.0)
    du = io_callback(_probe, jax.ShapeDtypeStruct(du.shape, du.dtype), du)
    return 2.0 * du


if __name__ == "__main__":
    u = jnp.arange(4.0)
    print(stencil(u))
    (adj,) = jax.linear_transpose(stencil, u)(jnp.ones(4))
    print(adj, len(probe_values))
