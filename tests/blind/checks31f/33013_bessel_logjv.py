# shape from: awueth/jax-bessel-log (jax_bessel_log/jv_log.py)
"""log|J_v(z)| for integer order v, evaluated by SciPy from jitted code."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _inexact(z: jax.Array) -> jax.Array:
    # jnp.result_type honours the x64 flag
    return z.astype(jnp.result_type(float, z.dtype))


def jv_log(v, z):
    """Elementwise log|J_v(z)|; `v` must be an integer array."""
    v, z = jnp.asarray(v), jnp.asarray(z)
    if not jnp.issubdtype(v.dtype, jnp.integer):
        raise TypeError(f"order must be integer, got {v.dtype}")
    z = _inexact(z)

    _scipy_jv = lambda v_, z_: jnp.log(np.abs(scipy.special.jv(np.asarray(v_), np.asarray(z_)))).astype(z.dtype)

    result = jax.ShapeDtypeStruct(shape=jnp.broadcast_shapes(v.shape, z.shape), dtype=z.dtype)
    return jax.pure_callback(_scipy_jv, result, v, z, vmap_method="broadcast_all")


@jax.jit
def log_spectrum(orders, radii):
    """Table of log|J_n(r)| for every order/radius pair."""
    return jv_log(orders[:, None], radii[None, :])


if __name__ == "__main__":
    orders = jnp.arange(3)
    radii = jnp.linspace(0.5, 4.0, 5)
    table = log_spectrum(orders, radii)
    assert table.shape == (3, 5)
    print(np.round(np.asarray(table), 3))
