# shape from: awueth/jax-bessel-log (jax_bessel_log/jv_log.py, version written for vectorized=)
"""Differentiable log J_v(z) (integer v) through SciPy, with a recurrence-based JVP."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _host_log_jv(v, z):
    v, z = np.asarray(v), np.asarray(z)
    return np.log(np.abs(scipy.special.jv(v, z))).astype(z.dtype)


@jax.custom_jvp
def jv_log(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)
    assert jnp.issubdtype(v.dtype, jnp.integer), v.dtype
    z = z.astype(jnp.result_type(float, z.dtype))
    result_shape_dtype = jax.ShapeDtypeStruct(
        shape=jnp.broadcast_shapes(v.shape, z.shape), dtype=z.dtype)
    return jax.pure_callback(_host_log_jv, result_shape_dtype, v, z, vectorized=True)


@jv_log.defjvp
def _jv_log_jvp(primals, tangents):
    v, z = primals
    _, z_dot = tangents
    out = jv_log(v, z)
    ratio = jnp.exp(jv_log(v - 1, z) - out) - jnp.exp(jv_log(v + 1, z) - out)
    return out, 0.5 * ratio * z_dot


def neg_log_lik(z, orders):
    return -jnp.sum(jv_log(orders, z))


if __name__ == "__main__":
    orders = jnp.array([0, 1, 2])
    g = jax.grad(neg_log_lik)(jnp.float32(1.3), orders)
    print("gradient", float(g))
