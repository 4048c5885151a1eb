import numpy as np
import scipy.special as sp
import jax
import jax.numpy as jnp


def _call(fn, x):
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


def bessel_i1(x):
    return _call(sp.i1, x)


def bessel_i0(x):
    return _call(sp.i0, x)


bessel_i0 = jax.custom_jvp(bessel_i0)


@bessel_i0.defjvp
def _i0_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return bessel_i0(x), bessel_i1(x) * dx
