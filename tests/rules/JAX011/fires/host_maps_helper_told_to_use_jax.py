"""The host maps a helper over its rows; the helper normalises with JAX when it is told to,
and the host tells it to."""
import jax
import jax.numpy as jnp
import numpy as np

USE_DEVICE = "yes"


def normalise(row, device):
    if device:
        return np.asarray(row / jnp.linalg.norm(row))  # EXPECT: JAX011
    return row / np.linalg.norm(row)


def host(x):
    rows = list(map(lambda r: normalise(r, USE_DEVICE == "yes"), np.asarray(x)))
    return np.stack(rows).astype(np.float32)


@jax.jit
def f(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(f(jnp.ones((2, 3))))
