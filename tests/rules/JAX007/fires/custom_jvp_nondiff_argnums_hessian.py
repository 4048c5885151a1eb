"""custom_jvp with nondiff_argnums (a static order) whose rule evaluates a host derivative; hessian differentiates it."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def gammainc_lower(x, a):
    def host(x):
        return special.gammainc(a, x).astype(np.float32)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@gammainc_lower.defjvp
def _gammainc_jvp(a, primals, tangents):
    x, = primals
    dx, = tangents

    def density(x):
        return np.exp((a - 1) * np.log(x) - x - special.gammaln(a)).astype(np.float32)

    pdf = jax.pure_callback(density, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX007
                            vmap_method="sequential")
    return gammainc_lower(x, a), pdf * dx


def cdf_loss(scale):
    xs = jnp.array([0.5, 1.0, 2.0]) / scale
    return jnp.sum(gammainc_lower(xs, 2.0))


print(jax.hessian(cdf_loss)(jnp.float32(1.3)))
