"""Hand-written HMC for a Gamma-Poisson hierarchical model; the log-normaliser comes from SciPy."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy import special as sps

counts = np.array([3, 0, 5, 2, 4, 1], dtype=np.float32)


def _lgamma_host(a):
    return sps.gammaln(np.asarray(a)).astype(np.float32)


def log_gamma(a):
    out = jax.ShapeDtypeStruct(jnp.shape(a), jnp.float32)
    return jax.pure_callback(_lgamma_host, out, a, vmap_method="sequential")


def log_density(theta):
    log_rate, log_shape = theta[0], theta[1]
    rate, shape = jnp.exp(log_rate), jnp.exp(log_shape)
    # negative-binomial marginal written with log-gamma terms
    lp = jnp.sum(log_gamma(counts + shape) - log_gamma(shape)
                 + shape * jnp.log(rate / (1.0 + rate)) - counts * jnp.log1p(rate))
    return lp - 0.5 * jnp.sum(theta ** 2)


def leapfrog(q, p, eps, n_steps):
    grad_lp = jax.grad(log_density)
    p = p + 0.5 * eps * grad_lp(q)
    for _ in range(n_steps - 1):
        q = q + eps * p
        p = p + eps * grad_lp(q)
    q = q + eps * p
    p = p + 0.5 * eps * grad_lp(q)
    return q, p


def hmc_step(key, q, eps=0.05, n_steps=5):
    k_mom, k_acc = jax.random.split(key)
    p0 = jax.random.normal(k_mom, q.shape)
    q1, p1 = leapfrog(q, p0, eps, n_steps)
    h0 = -log_density(q) + 0.5 * p0 @ p0
    h1 = -log_density(q1) + 0.5 * p1 @ p1
    accept = jnp.log(jax.random.uniform(k_acc)) < h0 - h1
    return jnp.where(accept, q1, q)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    q = jnp.zeros(2)
    for i in range(3):
        key, sub = jax.random.split(key)
        q = hmc_step(sub, q)
    print(q)
