# Models: library author inspecting a host-backed op with jax.make_jaxpr and jax.eval_shape before wiring it up (no differentiation)
import numpy as np
import jax
import jax.numpy as jnp
from scipy import special


def _gammaln_host(x):
    x = np.asarray(x)
    return special.gammaln(x).astype(x.dtype)


def host_gammaln(x):
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def log_beta(a, b):
    return host_gammaln(a) + host_gammaln(b) - host_gammaln(a + b)


def beta_logpdf(x, a, b):
    return (a - 1) * jnp.log(x) + (b - 1) * jnp.log1p(-x) - log_beta(a, b)


def describe():
    a = jnp.array([2.0, 3.0])
    b = jnp.array([5.0, 1.5])
    x = jnp.array([0.3, 0.6])
    jaxpr = jax.make_jaxpr(beta_logpdf)(x, a, b)
    n_cb = sum(1 for e in jaxpr.jaxpr.eqns if "callback" in e.primitive.name)
    shapes = jax.eval_shape(beta_logpdf, x, a, b)
    return n_cb, shapes, beta_logpdf(x, a, b)


def count_primitives(jaxpr):
    names = {}
    for e in jaxpr.jaxpr.eqns:
        names[e.primitive.name] = names.get(e.primitive.name, 0) + 1
    return names


if __name__ == "__main__":
    print(count_primitives(jax.make_jaxpr(log_beta)(jnp.ones(2), jnp.ones(2))))
    n, shapes, vals = describe()
    print("callbacks in jaxpr:", n)
    print(shapes)
    print(vals)
