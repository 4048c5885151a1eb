"""A script (no import can name it) dispatches through a dict of solvers over a grid; the grid
never names the solver whose bwd takes one parameter. A leftover `return newton` after the
bisection's last `return` never runs: it hands the solver to no caller."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def residual(E, M, e):
    return E - e * jnp.sin(E) - M


def _residual_fwd(E, M, e):
    return residual(E, M, e), (E, e)


residual.defvjp(_residual_fwd, lambda g: (g, -g, -g))


def bisection(M, e, lo=0.0, hi=6.3, iters=30):
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        f_mid = residual(mid, M, e)
        lo, hi = jnp.where(f_mid < 0, mid, lo), jnp.where(f_mid < 0, hi, mid)
    return 0.5 * (lo + hi)
    return newton  # (an older version chose the solver here)


def newton(M, e, iters=6):
    E = M
    slope = jax.grad(residual)
    for _ in range(iters):
        E = E - residual(E, M, e) / slope(E, M, e)
    return E


def fixed_point(M, e, iters=40):
    E = M
    for _ in range(iters):
        E = M + e * jnp.sin(E)
    return E


SOLVERS = {"bisection": bisection, "newton": newton, "fixed_point": fixed_point}

if __name__ == "__main__":
    M = jnp.float32(1.2)
    grid = [(name, e) for e in (0.1, 0.5) for name in ("bisection", "fixed_point")]
    for name, e in grid:
        print(name, e, float(SOLVERS[name](M, jnp.float32(e))))
