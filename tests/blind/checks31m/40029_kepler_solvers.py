"""Root-finding benchmark for Kepler's equation across eccentricities and solvers."""
import math
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def kepler_residual(E, M, e):
    return E - e * jnp.sin(E) - M


def _kr_fwd(E, M, e):
    return kepler_residual(E, M, e), (E, e)


kepler_residual.defvjp(
    _kr_fwd,
    lambda g: (g * (1.0 - 0.0), -g, -g),
)


def bisection(M, e, lo=0.0, hi=2 * math.pi, iters=40):
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        f_mid = kepler_residual(mid, M, e)
        lo, hi = jnp.where(f_mid < 0, mid, lo), jnp.where(f_mid < 0, hi, mid)
    return 0.5 * (lo + hi)


def newton(M, e, iters=8):
    E = M
    dfdE = jax.grad(kepler_residual)
    for _ in range(iters):
        E = E - kepler_residual(E, M, e) / dfdE(E, M, e)
    return E


def fixed_point(M, e, iters=60):
    E = M
    for _ in range(iters):
        E = M + e * jnp.sin(E)
    return E


SOLVERS = {"bisection": bisection, "newton": newton, "fixed_point": fixed_point}

if __name__ == "__main__":
    M = jnp.float32(1.2)
    grid = [(name, e) for e in (0.1, 0.5, 0.9) for name in ("bisection", "fixed_point", "newton")]
    print(f"{'solver':>12} {'e':>4} {'E':>10} {'|resid|':>10}")
    for name, e in grid:
        E = SOLVERS[name](M, jnp.float32(e))
        r = abs(float(E - e * jnp.sin(E) - M))
        print(f"{name:>12} {e:4.1f} {float(E):10.6f} {r:10.2e}")
