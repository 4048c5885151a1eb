"""Gauss-Hermite expectation of a sinc response and its sensitivity.

`sinc_pair` returns the value and derivative of sinc, with a custom JVP.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def sinc_pair(x):
    s = jnp.sinc(x / jnp.pi)
    ds = jnp.where(jnp.abs(x) < 1e-4, 0.0, (jnp.cos(x) - s) / jnp.where(x == 0, 1.0, x))
    return s, ds


@sinc_pair.defjvp
def _sinc_pair_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    s, ds = sinc_pair(x)
    dds = -s - 2.0 * ds / jnp.where(x == 0, 1.0, x)
    return (s, ds), [ds * tx, dds * tx]


NODES, WEIGHTS = np.polynomial.hermite_e.hermegauss(12)


def expected_response(mu, sigma):
    x = mu + sigma * jnp.asarray(NODES, dtype=jnp.float32)
    s, _ = sinc_pair(x)
    w = jnp.asarray(WEIGHTS / WEIGHTS.sum(), dtype=jnp.float32)
    return jnp.dot(w, s)


def monte_carlo(mu, sigma, n=2000, seed=0):
    z = np.random.default_rng(seed).normal(size=n).astype(np.float32)
    s, _ = sinc_pair(mu + sigma * jnp.asarray(z))
    return jnp.mean(s)


def convergence_table(mu, sigma, sizes=(4, 8, 16)):
    rows = []
    for n in sizes:
        xn, wn = np.polynomial.hermite_e.hermegauss(n)
        x = mu + sigma * jnp.asarray(xn, dtype=jnp.float32)
        s, _ = sinc_pair(x)
        rows.append((n, float(jnp.dot(jnp.asarray(wn / wn.sum(), dtype=jnp.float32), s))))
    return rows


if __name__ == "__main__":
    mu, sigma = jnp.float32(1.0), jnp.float32(0.5)
    print("quadrature", float(expected_response(mu, sigma)))
    print("monte carlo", float(monte_carlo(mu, sigma)))
    for n, v in convergence_table(mu, sigma):
        print(n, round(v, 6))
    d_mu, d_sigma = jax.grad(expected_response, argnums=(0, 1))(mu, sigma)
    print("sensitivities", float(d_mu), float(d_sigma))
