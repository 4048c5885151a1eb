"""Gauss-Newton matvec through a model that uses a custom_vjp safe-norm."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v ** 2) + 1e-12)


def _fwd(v):
    n = safe_norm(v)
    return n, (v, n)


def _bwd(res, g):
    v, n = res
    return (g * v / jnp.maximum(n, 1e-6),)


safe_norm.defvjp(_fwd, _bwd)


def residuals(theta, X):
    return jax.vmap(lambda row: safe_norm(row * theta) - 1.0)(X)


def gn_matvec(theta, X, v):
    _, f_lin = jax.linearize(lambda t: residuals(t, X), theta)
    _, f_vjp = jax.vjp(lambda t: residuals(t, X), theta)
    return f_vjp(f_lin(v))[0]


theta = jnp.array([1.0, 0.5, -0.3])
X = jnp.arange(9.0).reshape(3, 3) / 9.0
print(residuals(theta, X))
print(gn_matvec(theta, X, jnp.ones(3)))
