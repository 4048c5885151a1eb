"""The JAX docs' Bessel example: custom_jvp by rebinding, the derivative written via jv itself; hessian runs."""
import jax
import jax.numpy as jnp
import scipy.special


def jv(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)

    # Require the order v to be integer type: simplifies the JVP rule below.
    assert jnp.issubdtype(v.dtype, jnp.integer)

    # Promote the input to inexact (float/complex).
    # Note that jnp.result_type() accounts for the enable_x64 flag.
    z = z.astype(jnp.result_type(float, z.dtype))

    # Wrap scipy function to return the expected dtype.
    _scipy_jv = lambda v, z: scipy.special.jv(v, z).astype(z.dtype)

    # Define the expected shape & dtype of output.
    result_shape_dtype = jax.ShapeDtypeStruct(
        shape=jnp.broadcast_shapes(v.shape, z.shape),
        dtype=z.dtype)

    # Use vmap_method="broadcast_all" because scipy.special.jv handles broadcasted inputs.
    return jax.pure_callback(_scipy_jv, result_shape_dtype, v, z, vmap_method="broadcast_all")


jv = jax.custom_jvp(jv)


@jv.defjvp
def _jv_jvp(primals, tangents):
    v, z = primals
    _, z_dot = tangents  # Note: v_dot is always 0 because v is integer.
    djv_dz = 0.5 * (jv(v - 1, z) - jv(v + 1, z))
    return jv(v, z), z_dot * djv_dz


z = jnp.arange(1.0, 4.0)
print(jax.vmap(jax.grad(jv, argnums=1), in_axes=(None, 0))(1, z))
print(jax.hessian(jv, argnums=1)(1, 2.0))
