"""Log of the Bessel function J_v via SciPy, usable inside jit and vmap."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _scipy_log_jv(order, z):
    order = np.asarray(order)
    z = np.asarray(z)
    vals = scipy.special.jv(order, z).astype(z.dtype)
    return jnp.log(vals)


def log_jv(order, z):
    order, z = jnp.asarray(order), jnp.asarray(z)
    z = z.astype(jnp.result_type(float, z.dtype))
    out = jax.ShapeDtypeStruct(jnp.broadcast_shapes(order.shape, z.shape), z.dtype)
    return jax.pure_callback(_scipy_log_jv, out, order, z, vmap_method="broadcast_all")


@jax.jit
def objective(z):
    return jnp.sum(log_jv(1, z))


zs = jnp.linspace(0.5, 2.0, 4)
print(objective(zs))
print(jax.vmap(lambda z: log_jv(2, z))(zs))
