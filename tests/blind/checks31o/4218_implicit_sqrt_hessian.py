"""Implicit square root via lax.custom_root; the tangent solver reports its right-hand sides."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

RHS = []


def _rhs_seen(y):
    RHS.append(float(np.asarray(y)))


def newton(f, x0, iters=20):
    def body(_, x):
        fx, dfx = jax.jvp(f, (x,), (jnp.ones_like(x),))
        return x - fx / dfx
    return jax.lax.fori_loop(0, iters, body, x0)


def scalar_tangent_solve(g, y):
    io_callback(_rhs_seen, None, y, ordered=True)
    return y / g(1.0)


def implicit_sqrt(a):
    residual = lambda x: x * x - a
    return jax.lax.custom_root(residual, jnp.ones_like(a), newton, scalar_tangent_solve)


def curvature(a):
    return jax.hessian(implicit_sqrt)(a)


UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6}


def parse_duration(text):
    """'15ms' -> 0.015"""
    for suffix in sorted(UNITS, key=len, reverse=True):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * UNITS[suffix]
    return float(text)


if __name__ == "__main__":
    a = jnp.float32(2.0)
    print("sqrt", float(implicit_sqrt(a)))
    print("d2", float(curvature(a)))
    print("rhs seen", len(RHS))
