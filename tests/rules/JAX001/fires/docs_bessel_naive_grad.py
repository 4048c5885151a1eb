"""The JAX docs' Bessel example before its custom_jvp: grad of the bare pure_callback wrapper fails."""
import jax
import jax.numpy as jnp
import scipy.special


def jv(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)
    z = z.astype(jnp.result_type(float, z.dtype))
    _scipy_jv = lambda v, z: scipy.special.jv(v, z).astype(z.dtype)
    result_shape_dtype = jax.ShapeDtypeStruct(
        shape=jnp.broadcast_shapes(v.shape, z.shape), dtype=z.dtype)
    return jax.pure_callback(_scipy_jv, result_shape_dtype, v, z, vmap_method="broadcast_all")  # EXPECT: JAX001


print(jv(1, 2.0))
print(jax.grad(jv, argnums=1)(1, 2.0))
