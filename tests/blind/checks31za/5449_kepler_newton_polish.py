"""Batched Kepler-equation solver: bisection start, optional Newton polish.

Solves E - e sin E = M for many mean anomalies at once.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

RESIDUALS = []


def _residual_host(r):
    RESIDUALS.append(abs(float(np.asarray(r))))


def kepler_residual(E, M, e):
    return E - e * jnp.sin(E) - M


def bisect(M, e, iters=20):
    lo, hi = M - 1.0, M + 1.0
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        f_mid = kepler_residual(mid, M, e)
        lo = jnp.where(f_mid < 0, mid, lo)
        hi = jnp.where(f_mid < 0, hi, mid)
    return 0.5 * (lo + hi)


def newton_polish(E, M, e, polish_iters):
    for _ in range(polish_iters):
        r = kepler_residual(E, M, e)
        io_callback(_residual_host, None, r, ordered=True)
        E = E - r / (1.0 - e * jnp.cos(E))
    return E


SETTINGS = {"ecc": 0.3, "bisect_iters": 25, "polish_iters": 0}


def solve(M):
    E = bisect(M, SETTINGS["ecc"], SETTINGS["bisect_iters"])
    return newton_polish(E, M, SETTINGS["ecc"], SETTINGS["polish_iters"])


def main():
    Ms = jnp.linspace(0.1, 3.0, 5)
    Es = jax.vmap(solve)(Ms)
    check = np.asarray(kepler_residual(Es, Ms, SETTINGS["ecc"]))
    print("max residual", float(np.abs(check).max()), len(RESIDUALS))


if __name__ == "__main__":
    main()
