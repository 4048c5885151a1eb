"""Taylor coefficients of a damped response curve.

`nth` builds the n-th derivative by recursion; the response uses a
numerically safe `expm1_over_x` with its own derivative rule.
"""
import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def expm1_over_x(x):
    safe = jnp.where(jnp.abs(x) < 1e-4, 1.0, x)
    return jnp.where(jnp.abs(x) < 1e-4, 1.0 + x / 2, jnp.expm1(safe) / safe)


def _expm1_over_x_rule(primals):
    (x,) = primals
    return expm1_over_x(x), 0.5 + x / 3


expm1_over_x.defjvp(_expm1_over_x_rule)


def response(t, damping=0.3):
    return jnp.exp(-damping * t) * expm1_over_x(t)


def nth(f, n):
    return f if n == 0 else jax.grad(nth(f, n - 1))


def taylor(f, t0, order):
    return [float(nth(f, k)(t0)) / math.factorial(k) for k in range(order + 1)]


def horner(coeffs, dt):
    acc = 0.0
    for c in reversed(coeffs):
        acc = acc * dt + c
    return acc


ORDER = 0

if __name__ == "__main__":
    t0 = jnp.float32(0.5)
    coeffs = taylor(response, t0, ORDER)
    approx = horner(coeffs, 0.1)
    exact = float(response(t0 + 0.1))
    print("coeffs", np.round(coeffs, 5).tolist(), "err", abs(approx - exact))
