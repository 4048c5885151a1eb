"""Newton iteration for Kepler's equation with a Python convergence loop; the residual is checked on the host."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_residual(E, M, e):
    E, M, e = np.asarray(E), np.asarray(M), np.asarray(e)
    r = E - e * np.sin(E) - M
    return np.float32(jnp.max(jnp.abs(jnp.asarray(r))))


def residual_norm(E, M, e):
    return jax.pure_callback(_host_residual, jax.ShapeDtypeStruct((), jnp.float32), E, M, e)


@jax.jit
def newton_update(E, M, e):
    f = E - e * jnp.sin(E) - M
    fp = 1.0 - e * jnp.cos(E)
    return E - f / fp


def solve_kepler(M, e, tol=1e-6, max_iter=20):
    E = M + e * jnp.sin(M)
    it = 0
    while it < max_iter:
        E = newton_update(E, M, e)
        if float(residual_norm(E, M, e)) < tol:
            break
        it += 1
    return E, it


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
    M = jnp.linspace(0.1, 3.0, 5, dtype=jnp.float32)
    e = jnp.float32(0.3)
    E, its = solve_kepler(M, e, max_iter=4)
    print("eccentric anomaly", E, "iterations", its)
