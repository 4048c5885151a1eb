"""Small programs more than one test folder drives through an editor or the server."""

#: jax.hessian is forward-over-reverse: a custom_vjp rule would not help (JAX would still
#: raise), a custom_jvp rule does
HESSIAN = """\
import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def f(x):
    return jnp.sum(host(x))


h = jax.hessian(f)(jnp.ones(3))
"""
