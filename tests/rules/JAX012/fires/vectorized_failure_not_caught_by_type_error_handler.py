"""The host's failure on `vectorized=` surfaces as `jax.errors.JaxRuntimeError`, a
`RuntimeError`, not the host's `TypeError`: `except (TypeError, ValueError)` lets it through."""
import jax
import jax.numpy as jnp
import numpy as np


def host_square(x):
    return (np.asarray(x) ** 2).astype(np.float32)


def squares(x, **options):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.jit(lambda y: jax.pure_callback(host_square, spec, y, **options))(x)  # EXPECT: JAX012


def robust_squares(x):
    try:
        return squares(x, vectorized=True)
    except (TypeError, ValueError):
        return squares(x, vmap_method="broadcast_all")


if __name__ == "__main__":
    print(robust_squares(jnp.arange(4.0)))
