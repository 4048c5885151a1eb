"""Gibbs-style sampler: warm-up sweeps (fori_loop) call a host log-density, then the main scan."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy.special import gammaln

CONFIG = {"n_warmup": 0, "n_samples": 6, "shape": 2.5}


def host_log_gamma_density(x, shape):
    x = np.asarray(x)
    shape = float(np.asarray(shape))
    norm = float(gammaln(shape))
    return ((shape - 1.0) * np.log(x) - x - norm).astype(np.float32)


def log_density(x, shape):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_log_gamma_density, spec, x, shape, vmap_method="sequential")


def mh_step(key, x, shape):
    k1, k2 = jax.random.split(key)
    prop = jnp.abs(x + 0.5 * jax.random.normal(k1, x.shape)) + 1e-3
    log_a = log_density(prop, shape) - log_density(x, shape)
    accept = jnp.log(jax.random.uniform(k2, x.shape)) < log_a
    return jnp.where(accept, prop, x)


@functools.partial(jax.jit, static_argnames=("n_warmup", "n_samples"))
def run_chain(key, x0, shape, n_warmup, n_samples):
    def warm(i, carry):
        k, x = carry
        k, sub = jax.random.split(k)
        return k, mh_step(sub, x, shape)

    key, x = lax.fori_loop(0, n_warmup, warm, (key, x0))

    def sample(x, k):
        x = jnp.abs(x + 0.1 * jax.random.normal(k, x.shape))
        return x, x.mean()

    _, trace = lax.scan(sample, x, jax.random.split(key, n_samples))
    return trace


if __name__ == "__main__":
    trace = run_chain(jax.random.PRNGKey(0), jnp.ones(4), CONFIG["shape"],
                      CONFIG["n_warmup"], CONFIG["n_samples"])
    print(np.round(np.asarray(trace), 3))
