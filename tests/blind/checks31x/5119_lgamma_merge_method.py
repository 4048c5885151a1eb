"""Special-function table lookups through pure_callback with merged callback options."""
import numpy as np
import jax
import jax.numpy as jnp

CALLBACK_DEFAULTS = {"vmap_method": "sequential"}


def lgamma_table(x):
    arr = np.asarray(x)
    from math import lgamma
    return np.vectorize(lgamma, otypes=[np.float32])(arr)


def callback_options(overrides=None):
    return {**CALLBACK_DEFAULTS, **(overrides or {})}


def host_lgamma(x, options):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lgamma_table, spec, x, **options)


def log_binomial(n, k, options):
    return host_lgamma(n + 1.0, options) - host_lgamma(k + 1.0, options) - host_lgamma(n - k + 1.0, options)


LEGACY = {"vmap_method": "legacy_vectorized"}

if __name__ == "__main__":
    opts = callback_options(LEGACY)
    n = jnp.array([5.0, 6.0, 7.0], dtype=jnp.float32)
    k = jnp.array([2.0, 3.0, 1.0], dtype=jnp.float32)
    out = jax.jit(jax.vmap(lambda a, b: log_binomial(a, b, opts)))(n, k)
    print("log C(n,k)", out)
