"""A custom_vjp with nondiff_argnames: JAX passes the named non-differentiable argument to the
bwd rule before the residuals, so `bwd(f, res, g)` has the arity JAX calls it with, and
value_and_grad runs."""
# Re-expressed from jax-ml/jax tests/custom_api_test.py:1787 (test_nondiff_argnames) and :1832
# (test_nondiff_argnums_argnames: nondiff_argnums=(0,) and nondiff_argnames=('g',), bwd
# `(f, g, res, ct)`).
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnames=("f",))
def app(f, x):
    return f(x)


def app_fwd(f, x):
    return app(f, x), jnp.cos(x)


def app_rev(f, cos_x, g):
    return (cos_x * g,)


app.defvjp(app_fwd, app_rev)


@partial(jax.custom_vjp, nondiff_argnums=(0,), nondiff_argnames=("g",))
def app2(f, g, x):
    return f(x) + g(x)


def app2_fwd(f, g, x):
    return app2(f, g, x), jnp.cos(x)


def app2_rev(f, g, cos_x, v):
    return (cos_x * v,)


app2.defvjp(app2_fwd, app2_rev)

print(jax.value_and_grad(lambda x: app(lambda y: 2 * y, x))(1.0))
print(jax.value_and_grad(lambda x: app2(lambda y: 2 * y, lambda y: 3 * y, x))(1.0))
