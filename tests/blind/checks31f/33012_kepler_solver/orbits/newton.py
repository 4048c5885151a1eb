import jax
import jax.numpy as jnp


@jax.jit
def newton_step(E, M, e):
    f = E - e * jnp.sin(E) - M
    fp = 1.0 - e * jnp.cos(E)
    return E - f / fp


def newton_step_numpy(E, M, e):
    import numpy as np
    f = E - e * np.sin(E) - M
    fp = 1.0 - e * np.cos(E)
    return E - f / fp
