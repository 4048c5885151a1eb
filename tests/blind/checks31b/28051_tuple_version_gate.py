import jax
import jax.numpy as jnp
import numpy as np
from scipy import special

NEW_CALLBACK_API = jax.__version_info__ >= (0, 4, 35)


def _digamma_host(x):
    x = np.asarray(x)
    return special.digamma(x).astype(x.dtype)


def digamma(x):
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    if NEW_CALLBACK_API:
        return jax.pure_callback(_digamma_host, sds, x, vmap_method="expand_dims")
    return jax.pure_callback(_digamma_host, sds, x, vectorized=True)


@jax.jit
def dirichlet_mean_log(alpha):
    return digamma(alpha) - digamma(alpha.sum())


print(dirichlet_mean_log(jnp.array([1.0, 2.0, 3.0])))
