# shape from: awueth/jax-bessel-log (jax_bessel_log/jv_log.py)
"""log|J_v(z)| for integer order v, with a hand-written JVP in z."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _inexact(z: jax.Array) -> jax.Array:
    return z.astype(jnp.result_type(float, z.dtype))


def _host_log_jv(v, z):
    v = np.asarray(v)
    z = np.asarray(z)
    return np.log(np.abs(scipy.special.jv(v, z))).astype(z.dtype)


@jax.custom_jvp
def jv_log(v, z):
    result = jax.ShapeDtypeStruct(jnp.broadcast_shapes(v.shape, z.shape), z.dtype)
    return jax.pure_callback(_host_log_jv, result, v, z, vmap_method="broadcast_all")


@jv_log.defjvp
def _jv_log_jvp(primals, tangents):
    v, z = primals
    _, dz = tangents
    out = jv_log(v, z)
    # d/dz log J_v = (J_{v-1} - J_{v+1}) / (2 J_v)
    ratio = jnp.exp(jv_log(v - 1, z) - out) - jnp.exp(jv_log(v + 1, z) - out)
    return out, 0.5 * ratio * dz


def log_jv(v, z):
    v, z = jnp.asarray(v), _inexact(jnp.asarray(z))
    if not jnp.issubdtype(v.dtype, jnp.integer):
        raise TypeError(f"order must be integer, got {v.dtype}")
    return jv_log(v, z)


if __name__ == "__main__":
    radii = jnp.linspace(0.5, 2.0, 4)
    vals = jax.jit(jax.vmap(lambda r: log_jv(1, r)))(radii)
    slope = jax.grad(lambda r: log_jv(1, r))(1.2)
    print(np.round(np.asarray(vals), 4), float(slope))
