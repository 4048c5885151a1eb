# Curvature of a logistic-regression loss where the link function is a host
# routine wrapped in custom_jvp.  The JVP rule evaluates the host derivative.
import functools
import numpy as np
import jax
import jax.numpy as jnp


def _np_log1pexp(z):
    z = np.asarray(z)
    return np.logaddexp(0.0, z).astype(z.dtype)


def _np_expit(z):
    z = np.asarray(z)
    return (1.0 / (1.0 + np.exp(-z))).astype(z.dtype)


def _host(fn, z):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="sequential")


@jax.custom_jvp
def softplus(z):
    return _host(_np_log1pexp, z)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    return softplus(z), _host(_np_expit, z) * dz


def nll(w, X, y):
    z = X @ w
    return jnp.mean(softplus(z) - y * z)


X = jnp.array([[1.0, 0.5], [0.2, -1.0], [-0.3, 0.8], [1.5, 1.1]])
y = jnp.array([1.0, 0.0, 1.0, 1.0])
w0 = jnp.zeros(2)

g = jax.grad(nll)(w0, X, y)
print("grad", g)
H = jax.hessian(nll)(w0, X, y)
print("newton step", jnp.linalg.solve(H + 1e-3 * jnp.eye(2), g))
