"""check_grads with default modes (fwd and rev) on a model using a custom_vjp host op: the fwd check fails."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.test_util import check_grads


@jax.custom_vjp
def host_exp(x):
    return jax.pure_callback(lambda v: np.exp(v).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


def _fwd(x):
    y = host_exp(x)
    return y, y


host_exp.defvjp(_fwd, lambda y, g: (y * g,))


def intensity(theta):
    return host_exp(theta[0] + theta[1] * jnp.array([0.0, 0.5, 1.0]))  # EXPECT: JAX005


check_grads(intensity, (jnp.array([0.1, -0.3]),), order=1, atol=1e-2, rtol=1e-2)
