"""The host function is looked up in a registry dict; every entry is NumPy, and jax.numpy
(imported as `np`) is used only in the traced code."""
import jax
import jax.numpy as np
import numpy as onp
from scipy import special


def _host_erf(x):
    return special.erf(onp.asarray(x))


def _host_abs(x):
    return onp.abs(onp.asarray(x))


HOST_OPS = {"erf": _host_erf, "abs": _host_abs}


def elementwise(kind, x):
    fn = HOST_OPS[kind]
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), np.asarray(x))


print(jax.jit(lambda x: elementwise("abs", x))(np.array([-1.0, 2.0])))
