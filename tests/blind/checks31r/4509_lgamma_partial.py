"""Host log-gamma evaluated through a jax.tree_util.Partial of pure_callback itself."""
import functools
import math
import numpy as np
import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def lgamma_host(x):
    x = np.asarray(x)
    return np.vectorize(math.lgamma, otypes=[np.float32])(x)


def make_evaluator():
    return Partial(jax.pure_callback, lgamma_host, vmap_method="legacy_vectorized")


def log_binom(evaluator, n, k):
    spec = jax.ShapeDtypeStruct(n.shape, jnp.float32)
    a = evaluator(spec, n + 1.0)
    b = evaluator(spec, k + 1.0)
    c = evaluator(spec, n - k + 1.0)
    return a - b - c


@functools.partial(jax.jit, static_argnums=0)
def binomial_logpmf(evaluator, n, k, p):
    return log_binom(evaluator, n, k) + k * jnp.log(p) + (n - k) * jnp.log1p(-p)


if __name__ == "__main__":
    ev = make_evaluator()
    n = jnp.array([10.0, 20.0, 30.0])
    k = jnp.array([3.0, 5.0, 12.0])
    print(np.round(np.asarray(jnp.exp(binomial_logpmf(ev, n, k, 0.3))), 4))
