import functools
import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import erfcx


def _host_erfcx(z):
    return erfcx(np.asarray(z)).astype(np.float32)


def log_ndtr_neg(z, use_host: bool = False):
    if use_host:
        e = jax.pure_callback(_host_erfcx, jax.ShapeDtypeStruct(z.shape, z.dtype),
                              z / jnp.sqrt(2.0), vmap_method="expand_dims")
        return jnp.log(0.5 * e) - 0.5 * z ** 2
    return jax.scipy.special.log_ndtr(-z)


zs = jnp.array([0.0, 0.5, 1.0])
print(jax.vmap(functools.partial(log_ndtr_neg, use_host=True))(zs))
print(jax.vmap(log_ndtr_neg)(zs))
dlog = jax.jit(jax.vmap(jax.grad(functools.partial(log_ndtr_neg, use_host=False))))
print(dlog(zs))
