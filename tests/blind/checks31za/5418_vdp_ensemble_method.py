"""Ensemble integration of the Van der Pol oscillator.

A `method=` string selects the stepper; the Heun stepper reports its
predictor-corrector discrepancy to a host-side error log.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ERRORS = []


def _log_discrepancy(d):
    ERRORS.append(float(np.max(np.abs(np.asarray(d)))))


def vdp(y, mu=1.5):
    x, v = y[0], y[1]
    return jnp.stack([v, mu * (1.0 - x ** 2) * v - x])


def euler_step(f, y, h):
    return y + h * f(y)


def heun_step(f, y, h):
    k1 = f(y)
    pred = y + h * k1
    k2 = f(pred)
    new = y + 0.5 * h * (k1 + k2)
    io_callback(_log_discrepancy, None, new - pred, ordered=True)
    return new


STEPPERS = {"euler": euler_step, "heun": heun_step}


def integrate(y0, t_end=0.3, h=0.1, method="euler"):
    stepper = STEPPERS[method]
    n = int(round(t_end / h))
    y = y0
    for _ in range(n):
        y = stepper(vdp, y, h)
    return y


def ensemble(n=3):
    xs = jnp.linspace(-1.0, 1.0, n)
    return jnp.stack([xs, jnp.zeros(n)], axis=1)


def main():
    y0s = ensemble()
    final = jax.vmap(lambda y: integrate(y, method="euler"))(y0s)
    print(np.asarray(final).round(4), len(ERRORS))


if __name__ == "__main__":
    main()
