"""Bayesian linear regression diagnostics; model classes choose which arguments are batched."""
import abc
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

NOTES = []


def _note_prior(v):
    NOTES.append(np.asarray(v).copy())
    return np.float32(0.0)


class Diagnostic(abc.ABC):
    def __init__(self, X, y):
        self.X, self.y = X, y

    @abc.abstractmethod
    def axes(self):
        """in_axes for (prior_scale, noise_scale)."""

    def log_evidence(self, prior_scale, noise_scale):
        io_callback(_note_prior, jax.ShapeDtypeStruct((), jnp.float32), prior_scale,
                    ordered=True)
        n, d = self.X.shape
        cov = noise_scale ** 2 * jnp.eye(n) + prior_scale ** 2 * self.X @ self.X.T
        chol = jnp.linalg.cholesky(cov)
        alpha = jax.scipy.linalg.cho_solve((chol, True), self.y)
        return -0.5 * self.y @ alpha - jnp.sum(jnp.log(jnp.diag(chol))) - 0.5 * n * jnp.log(2 * jnp.pi)

    def scan_grid(self, priors, noises):
        return jax.vmap(self.log_evidence, in_axes=self.axes())(priors, noises)


class NoiseSweep(Diagnostic):
    def axes(self):
        return (None, 0)


class PriorSweep(Diagnostic):
    def axes(self):
        return (0, None)


def synthetic(n=20, d=3, seed=2):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)).astype(np.float32)
    w = np.array([1.5, -0.7, 0.2], np.float32)
    y = X @ w + 0.3 * rng.standard_normal(n).astype(np.float32)
    return jnp.asarray(X), jnp.asarray(y)


if __name__ == "__main__":
    X, y = synthetic()
    diag = NoiseSweep(X, y)
    grid = jnp.array([0.1, 0.3, 1.0, 3.0])
    fixed = jnp.float32(0.3) if isinstance(diag, NoiseSweep) else jnp.float32(1.0)
    if isinstance(diag, NoiseSweep):
        ev = diag.scan_grid(fixed, grid)
    else:
        ev = diag.scan_grid(grid, fixed)
    print("log evidence:", np.round(np.asarray(ev), 2))
    print("best value:", float(grid[int(jnp.argmax(ev))]))
    print("notes:", len(NOTES))
