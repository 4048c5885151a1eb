# adapted from https://jax.readthedocs.io/en/latest/notebooks/external_callbacks.html
from functools import partial

import jax
import jax.numpy as jnp
import scipy.special


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def jv(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)
    assert jnp.issubdtype(v.dtype, jnp.integer)
    z = z.astype(jnp.result_type(float, z.dtype))
    _scipy_jv = lambda v, z: scipy.special.jv(v, z).astype(z.dtype)
    result_shape_dtype = jax.ShapeDtypeStruct(
        shape=jnp.broadcast_shapes(v.shape, z.shape), dtype=z.dtype)
    return jax.pure_callback(_scipy_jv, result_shape_dtype, v, z,
                             vmap_method="broadcast_all")


@jv.defjvp
def _jv_jvp(v, primals, tangents):
    z, = primals
    z_dot, = tangents
    djv_dz = 0.5 * (jv(v - 1, z) - jv(v + 1, z))
    return jv(v, z), z_dot * djv_dz


j1 = partial(jv, 1)
z = jnp.arange(1.0, 5.0)

print(jax.jit(jax.vmap(j1))(z))
print(jax.vmap(jax.grad(j1))(z))
print(jax.hessian(j1)(2.5))
print(jax.jacfwd(lambda zz: j1(zz) * zz)(z))
