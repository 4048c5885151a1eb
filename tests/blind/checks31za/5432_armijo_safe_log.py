"""Gradient descent with Armijo backtracking on a log-barrier objective.

The barrier uses a safe log whose gradient rule is written by hand.
"""
import jax
import jax.numpy as jnp

OPTIONS = {"max_iter": 3, "c1": 1e-4, "shrink": 0.5, "alpha0": 1.0}


@jax.custom_vjp
def safe_log(x, floor=1e-6):
    return jnp.log(jnp.maximum(x, floor))


def _safe_log_fwd(x, floor=1e-6):
    return safe_log(x, floor), (x, floor)


def _safe_log_bwd(res, g):
    x, floor = res
    return (g / jnp.maximum(x, floor),)


safe_log.defvjp(_safe_log_fwd, _safe_log_bwd)


def objective(x):
    return jnp.sum((x - 2.0) ** 2) - jnp.sum(safe_log(1.0 - x ** 2 + 2.0))


def backtrack(f, x, g, alpha, c1, shrink, max_backtracks=20):
    fx = f(x)
    for _ in range(max_backtracks):
        if f(x - alpha * g) <= fx - c1 * alpha * jnp.dot(g, g):
            break
        alpha *= shrink
    return alpha


def minimize(f, x0, opts):
    x = x0
    it = 0
    while it < opts["max_iter"]:
        g = jax.grad(f)(x)
        alpha = backtrack(f, x, g, opts["alpha0"], opts["c1"], opts["shrink"])
        x = x - alpha * g
        it += 1
    return x, it


if __name__ == "__main__":
    x0 = jnp.array([0.2, -0.1])
    x, n = minimize(objective, x0, OPTIONS)
    print("iterations", n, "x", x, "f", float(objective(x)))
