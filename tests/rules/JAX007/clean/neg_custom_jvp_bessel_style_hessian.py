"""Bessel jv via scipy with a custom_jvp whose derivative is written through jv itself: hessian works."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _host_jv(v, z):
    return scipy.special.jv(v, z).astype(np.float32)


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def jv(v, z):
    return jax.pure_callback(partial(_host_jv, v), jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="sequential")


@jv.defjvp
def _jv_jvp(v, primals, tangents):
    z, = primals
    z_dot, = tangents
    # J_v'(z) = (J_{v-1}(z) - J_{v+1}(z)) / 2, expressed with jv so it differentiates again
    dz = 0.5 * (jv(v - 1, z) - jv(v + 1, z))
    return jv(v, z), dz * z_dot


z = jnp.array([0.5, 1.5, 2.5])
print(jax.hessian(lambda z: jnp.sum(jv(1, z)))(z))
print(jax.grad(jax.grad(lambda t: jv(0, t)))(jnp.float32(1.0)))
