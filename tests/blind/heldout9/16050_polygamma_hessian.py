# digamma from scipy with derivatives expressed through the same wrapper (polygamma ladder)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def polygamma(n, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: special.polygamma(n, a).astype(a.dtype), spec, x,
                             vmap_method="broadcast_all")


@polygamma.defjvp
def _polygamma_jvp(n, primals, tangents):
    x, = primals
    x_dot, = tangents
    return polygamma(n, x), polygamma(n + 1, x) * x_dot


def dirichlet_logpdf_const(alpha):
    return jnp.sum(jax.scipy.special.gammaln(alpha)) - jax.scipy.special.gammaln(jnp.sum(alpha))


def expected_log_p(alpha):
    return jnp.sum(polygamma(0, alpha) - polygamma(0, jnp.sum(alpha)))


alpha = jnp.array([1.5, 2.0, 3.5])
print(jax.grad(expected_log_p)(alpha))
print(jax.hessian(expected_log_p)(alpha))
print(jax.hessian(dirichlet_logpdf_const)(alpha))
