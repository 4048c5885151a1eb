# shape from: jax-ml/jax docs/external-callbacks.md (host-side NumPy random numbers via io_callback)
"""Host-side NumPy sampling behind a JAX interface, as in the external-callbacks guide."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_RNG = np.random.default_rng(seed=0)


def host_side_random_like(x):
    """Draw standard normals with the shape and dtype of ``x`` from the global NumPy generator."""
    x = np.asarray(x)
    return _RNG.normal(size=x.shape).astype(x.dtype)


@jax.jit
def numpy_random_like(x: jax.Array) -> jax.Array:
    # the generator is stateful, so calls must keep program order
    return io_callback(host_side_random_like, x, x, ordered=True)


def jitter(points: jax.Array, scale: float = 0.05) -> jax.Array:
    return points + scale * numpy_random_like(points)


if __name__ == "__main__":
    pts = jnp.linspace(0.0, 1.0, 6).reshape(3, 2)
    print(jitter(pts))              # one call: fine
    per_row = jax.vmap(jitter)      # one call per row
    print(per_row(pts))
