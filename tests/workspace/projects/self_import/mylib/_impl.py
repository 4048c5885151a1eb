import jax
import jax.numpy as jnp
import numpy as np


def host_norm(v):
    return jax.pure_callback(
        lambda v: np.float32(np.linalg.norm(v)), jax.ShapeDtypeStruct((), jnp.float32), v
    )
