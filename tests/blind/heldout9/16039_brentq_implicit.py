# root of a transcendental equation via scipy.optimize.brentq, differentiated by the implicit function theorem
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import brentq


def residual(x, a):
    return x * jnp.exp(x) - a


def _root_host(a):
    a = np.atleast_1d(a)
    out = np.array([brentq(lambda x: x * np.exp(x) - ai, -1.0, 10.0) for ai in a.ravel()])
    return out.reshape(np.shape(a)).astype(np.float32)


@jax.custom_jvp
def lambert_w(a):
    return jax.pure_callback(lambda aa: _root_host(aa).reshape(aa.shape),
                             jax.ShapeDtypeStruct(a.shape, jnp.float32), a,
                             vmap_method="sequential")


@lambert_w.defjvp
def _lambert_w_jvp(primals, tangents):
    a, = primals
    a_dot, = tangents
    x = lambert_w(a)
    dfdx = jax.grad(residual, argnums=0)(x, a)
    dfda = jax.grad(residual, argnums=1)(x, a)
    return x, -dfda / dfdx * a_dot


a_grid = jnp.array([0.5, 1.0, 2.0, 5.0])
print(jax.vmap(lambert_w)(a_grid))
print(jax.vmap(jax.grad(lambert_w))(a_grid))
print(jax.jacfwd(lambda a: lambert_w(a) ** 2)(jnp.float32(1.0)))
