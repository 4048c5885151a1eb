"""The host function is looked up in a registry dict by a name the caller passes; one entry
computes with jax.numpy (imported as `np`)."""
import jax
import jax.numpy as np
import numpy as onp


def _host_erf(x):
    return onp.asarray(jax.scipy.special.erf(onp.asarray(x)))  # EXPECT: JAX011


def _host_abs(x):
    return onp.abs(onp.asarray(x))


HOST_OPS = {"erf": _host_erf, "abs": _host_abs}


def elementwise(kind, x):
    fn = HOST_OPS[kind]
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(jax.jit(lambda x: elementwise("abs", x))(np.array([-1.0, 2.0])))
