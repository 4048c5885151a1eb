"""Newton iteration for Kepler's equation inside lax.while_loop with host-side residual logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

RESIDUALS = []


def log_residual(it, resid):
    it = int(np.asarray(it))
    r = np.asarray(resid)
    worst = float(jnp.max(jnp.abs(r)))
    RESIDUALS.append((it, worst))
    return np.float32(worst)


def kepler_solve(mean_anomaly, ecc, e0, tol=1e-6, max_iter=20):
    def f(E):
        return E - ecc * jnp.sin(E) - mean_anomaly

    def cond(state):
        it, E = state
        return (it < max_iter) & (jnp.max(jnp.abs(f(E))) > tol)

    def body(state):
        it, E = state
        E = E - f(E) / (1.0 - ecc * jnp.cos(E))
        io_callback(log_residual, jax.ShapeDtypeStruct((), jnp.float32), it, f(E))
        return it + 1, E

    return lax.while_loop(cond, body, (jnp.int32(0), e0))


def initial_guess(M, ecc):
    return M + ecc * jnp.sin(M)


if __name__ == "__main__":
    M = jnp.linspace(0.1, 3.0, 5)
    ecc = 0.3
    solve = jax.jit(kepler_solve)
    n_it, E = solve(M, ecc, initial_guess(M, ecc))
    print(int(n_it), np.round(np.asarray(E), 4), len(RESIDUALS))
