"""A jax.tree_util.Partial bundles a host quadrature rule with its scale; the bundle is a
pytree argument to a jitted loss, but only the data argument is differentiated."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import Partial


def host_gauss_legendre(scale):
    def host(s):
        nodes, weights = np.polynomial.legendre.leggauss(6)
        return np.stack([nodes * s, weights * s]).astype(np.float32)
    return jax.pure_callback(host, jax.ShapeDtypeStruct((2, 6), jnp.float32), scale)


@jax.jit
def integral(rule, a):
    nodes, weights = rule()
    return jnp.sum(weights * jnp.exp(-a * nodes ** 2))


def loss(rule, a, target):
    return (integral(rule, a) - target) ** 2


if __name__ == "__main__":
    rule = Partial(host_gauss_legendre, jnp.float32(2.0))
    a = jnp.float32(0.7)
    print(integral(rule, a))
    ga = jax.grad(loss, argnums=1)(rule, a, 2.5)
    print(ga)
    print(jax.jacfwd(integral, argnums=1)(rule, a))
