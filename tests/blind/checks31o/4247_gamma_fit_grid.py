"""Fit a rate/shape pair by BFGS; the objective uses a custom-JVP log-gamma pair."""
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.optimize
from jax.scipy.special import gammaln, digamma


@jax.custom_jvp
def lgamma_pair(a):
    return gammaln(a), gammaln(a + 1.0)


@lgamma_pair.defjvp
def _lgamma_pair_jvp(primals, tangents):
    (a,), (ta,) = primals, tangents
    out = lgamma_pair(a)
    return out, digamma(a) * ta + digamma(a + 1.0) * ta


DATA = jnp.array([0.8, 1.3, 2.1, 0.4, 1.7, 0.9])


def neg_loglik(params):
    log_shape, log_rate = params
    shape, rate = jnp.exp(log_shape), jnp.exp(log_rate)
    lg, _ = lgamma_pair(shape)
    ll = shape * jnp.log(rate) - lg + (shape - 1.0) * jnp.log(DATA) - rate * DATA
    return -jnp.sum(ll)


def fit(x0):
    return jax.scipy.optimize.minimize(neg_loglik, x0, method="BFGS", options={"maxiter": 20}).x


def grid_search(candidates):
    return candidates[jnp.argmin(jax.lax.map(neg_loglik, candidates))]


class Timer:
    """Tiny wall-clock timer used when profiling by hand."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.start = self._time()

    def lap(self):
        now = self._time()
        elapsed, self.start = now - self.start, now
        return elapsed


if __name__ == "__main__":
    x0 = jnp.zeros(2)
    grid = jnp.stack(jnp.meshgrid(jnp.linspace(-1, 1, 3), jnp.linspace(-1, 1, 3)), -1).reshape(-1, 2)
    best = grid_search(grid)
    print("shape, rate", jnp.exp(best))
