import numpy as np
import jax
import jax.numpy as jnp


def _host_rms(h):
    return np.sqrt(np.mean(np.square(h))).astype(np.float32)


def activation_rms(h):
    h = jax.lax.stop_gradient(h)
    return jax.pure_callback(_host_rms, jax.ShapeDtypeStruct((), jnp.float32), h,
                             vmap_method="sequential")
