"""Accumulating histogram counts on the host through an accumulator object."""
import jax
import jax.numpy as jnp
import numpy as np

EDGES = np.linspace(-3, 3, 7)


def host_hist(values):
    values = np.asarray(values)
    counts, _ = np.histogram(values, bins=EDGES)
    return counts.astype(np.float32)


class Histogram:
    def __init__(self, counts=None):
        self.counts = jnp.zeros(len(EDGES) - 1) if counts is None else counts

    def _binned(self, batch, **opts):
        spec = jax.ShapeDtypeStruct((len(EDGES) - 1,), jnp.float32)
        return jax.pure_callback(host_hist, spec, batch, **opts)

    def __add__(self, batch):
        return Histogram(self.counts + self._binned(batch))

    def __iadd__(self, batch):
        self.counts = self.counts + self._binned(batch, vectorized=False)
        return self

    def normalised(self):
        return self.counts / jnp.maximum(self.counts.sum(), 1.0)


def collect(key, n_batches=3):
    acc = Histogram()
    for k in jax.random.split(key, n_batches):
        batch = jax.random.normal(k, (32,))
        acc += batch
    return acc


def bin_centres():
    return 0.5 * (EDGES[1:] + EDGES[:-1])


def expected_counts(n):
    from scipy.stats import norm
    return n * np.diff(norm.cdf(EDGES))


def chi_square(observed, expected):
    return float(np.sum((observed - expected) ** 2 / np.maximum(expected, 1e-9)))


if __name__ == "__main__":
    h = collect(jax.random.PRNGKey(0))
    print(h.normalised())
    print(bin_centres(), chi_square(np.asarray(h.counts), expected_counts(96)))
