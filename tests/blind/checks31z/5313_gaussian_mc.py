"""Monte Carlo estimate of a Gaussian expectation; host-side draws come from a selectable sampler."""
import numpy as np
import jax
import jax.numpy as jnp


class HostSampler:
    def __init__(self, backend, seed=0):
        self.backend = backend
        self.seed = seed
        self.draws = 0

    def normal(self, n):
        self.draws += 1
        if self.backend == "jax":
            key = jax.random.PRNGKey(self.seed + self.draws)
            return np.asarray(jax.random.normal(key, (n,)))
        rng = np.random.default_rng(self.seed + self.draws)
        return rng.standard_normal(n)


N_SAMPLES = 64


def make_estimator(sampler):
    def host_draw(mu, sigma):
        mu, sigma = np.asarray(mu), np.asarray(sigma)
        z = sampler.normal(N_SAMPLES)
        return (mu + sigma * z).astype(np.float32)

    @jax.jit
    def estimate(mu, sigma):
        xs = jax.pure_callback(host_draw, jax.ShapeDtypeStruct((N_SAMPLES,), jnp.float32), mu, sigma)
        vals = jnp.cos(xs)
        mean = vals.mean()
        stderr = vals.std() / jnp.sqrt(N_SAMPLES)
        return mean, stderr

    return estimate


def exact(mu, sigma):
    return jnp.cos(mu) * jnp.exp(-0.5 * sigma ** 2)


class RunningMean:
    """Welford accumulator for scalar diagnostics collected between steps."""

    def __init__(self):
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def push(self, value):
        value = float(value)
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    @property
    def variance(self):
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    def __repr__(self):
        return f"RunningMean(n={self.n}, mean={self.mean:.4g}, var={self.variance:.4g})"


if __name__ == "__main__":
    est = make_estimator(HostSampler(backend="jax", seed=3))
    m, s = est(jnp.float32(0.5), jnp.float32(0.7))
    print("MC", m, "+/-", s, "exact", exact(0.5, 0.7))
