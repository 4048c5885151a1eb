"""check_grads(order=2) on a custom_jvp op whose rule calls the host derivative: second order differentiates that callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.test_util import check_grads
from scipy import special


def _spec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_jvp
def i0e(x):
    return jax.pure_callback(lambda v: special.i0e(v).astype(np.float32), _spec(x), x,
                             vmap_method="sequential")


@i0e.defjvp
def _i0e_jvp(primals, tangents):
    x, = primals
    t, = tangents
    y = i0e(x)
    i1e = jax.pure_callback(lambda v: special.i1e(v).astype(np.float32), _spec(x), x,  # EXPECT: JAX007
                            vmap_method="sequential")
    return y, (i1e - jnp.sign(x) * y) * t


check_grads(i0e, (jnp.array([0.5, 1.5]),), order=1, atol=1e-2, rtol=1e-2)
check_grads(i0e, (jnp.array([0.5, 1.5]),), order=2, atol=1e-2, rtol=1e-2)
