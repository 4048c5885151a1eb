# root of a transcendental equation via scipy.optimize.brentq, then swept over a parameter grid
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import brentq


def residual(x, a):
    return x * jnp.exp(x) - a


def _root_host(a):
    return np.float32(brentq(lambda x: x * np.exp(x) - float(a), -1.0, 10.0))


@jax.custom_jvp
def lambert_w(a):
    return jax.pure_callback(_root_host, jax.ShapeDtypeStruct((), jnp.float32), a)


@lambert_w.defjvp
def _lambert_w_jvp(primals, tangents):
    a, = primals
    a_dot, = tangents
    x = lambert_w(a)
    dfdx = jax.grad(residual, argnums=0)(x, a)
    dfda = jax.grad(residual, argnums=1)(x, a)
    return x, -dfda / dfdx * a_dot


print(lambert_w(jnp.float32(1.0)), jax.grad(lambert_w)(jnp.float32(1.0)))
a_grid = jnp.array([0.5, 1.0, 2.0, 5.0])
slopes = jax.jit(jax.vmap(jax.grad(lambert_w)))(a_grid)
print(slopes)
