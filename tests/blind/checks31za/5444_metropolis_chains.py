"""Metropolis sampling of a double-well density with several chains.

The chains run in parallel through vmap; a host log records the proposal
scale in program order for the run record.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

RUN_RECORD = []


def _record(v):
    RUN_RECORD.append(float(np.asarray(v)))


def log_density(x):
    return -(x ** 2 - 1.0) ** 2 / 0.5


def mh_chain(key, x0, n_steps=6, scale=0.4):
    x = x0
    accepted = jnp.float32(0.0)
    for _ in range(n_steps):
        key, k1, k2 = jax.random.split(key, 3)
        prop = x + scale * jax.random.normal(k1)
        log_a = log_density(prop) - log_density(x)
        ok = jnp.log(jax.random.uniform(k2)) < log_a
        x = jnp.where(ok, prop, x)
        accepted = accepted + ok
    rate = accepted / n_steps
    io_callback(_record, None, rate, ordered=True)
    return x, rate


def estimate_second_moment(samples):
    return jnp.mean(samples ** 2)


def main():
    n_chains = 4
    keys = jax.random.split(jax.random.PRNGKey(5), n_chains)
    x0 = jnp.linspace(-1.0, 1.0, n_chains)
    xs, rates = jax.vmap(mh_chain)(keys, x0)
    print("E[x^2]", float(estimate_second_moment(xs)))
    print("acceptance", np.asarray(rates).round(2), len(RUN_RECORD))


if __name__ == "__main__":
    main()
