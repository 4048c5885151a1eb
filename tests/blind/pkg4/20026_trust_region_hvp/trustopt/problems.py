import jax.numpy as jnp

from .safe import safe_norm

_A = jnp.diag(jnp.array([1.0, 3.0, 0.5]))


def _reg_quad(x):
    return 0.5 * x @ _A @ x + 0.1 * safe_norm(x)


PROBLEMS = {"regularised_quadratic": _reg_quad}
