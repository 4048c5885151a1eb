# shape from: awueth/jax-bessel-log (jax_bessel_log/jv_log.py)
"""log J_v(z) (integer v) through SciPy; vmap handled by broadcasting on the host."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def jv_log(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)

    # Require the order v to be integer type.
    assert jnp.issubdtype(v.dtype, jnp.integer)

    # Promote the input to inexact (float/complex).
    z = z.astype(jnp.result_type(float, z.dtype))

    # Wrap scipy function to return the expected dtype.
    _scipy_jv = lambda v, z: np.log(np.abs(scipy.special.jv(np.asarray(v), np.asarray(z)))).astype(z.dtype)

    result_shape_dtype = jax.ShapeDtypeStruct(
        shape=jnp.broadcast_shapes(v.shape, z.shape), dtype=z.dtype)

    # scipy.special.jv broadcasts, so every batched operand can be broadcast up front.
    return jax.pure_callback(_scipy_jv, result_shape_dtype, v, z, vmap_method="broadcast_all")


if __name__ == "__main__":
    orders = jnp.array([0, 1, 2, 1])
    radii = jnp.linspace(0.5, 3.0, 4)
    pairs = jax.jit(jax.vmap(jv_log))(orders, radii)
    print(pairs.shape, np.round(np.asarray(pairs), 3))
