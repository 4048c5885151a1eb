"""Weighted residual with a custom VJP; the pullback is only built when requested."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def weighted_residual(pred, target, power):
    return jnp.abs(pred - target) ** power


def _wr_fwd(pred, target, power):
    d = pred - target
    return jnp.abs(d) ** power, d


def _wr_bwd(power, d, g):
    gp = g * power * jnp.sign(d) * jnp.abs(d) ** (power - 1)
    return gp, -gp, None


weighted_residual.defvjp(_wr_fwd, _wr_bwd)


def evaluate(pred, target, want_grad):
    value, pullback = jax.vjp(lambda p: jnp.sum(weighted_residual(p, target, 1.5)), pred)
    grad = pullback(jnp.ones_like(value))[0] if want_grad else None
    return value, grad


def moving_average(values, window=3):
    values = np.asarray(values, dtype=float)
    if values.size < window:
        return values.copy()
    kernel = np.ones(window) / window
    return np.convolve(values, kernel, mode="valid")


def relative_change(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.abs(a - b) / (np.abs(b) + 1e-12)


if __name__ == "__main__":
    pred = jnp.array([0.2, 1.4, -0.3])
    target = jnp.array([0.0, 1.0, 0.0])
    value, grad = evaluate(pred, target, want_grad=True)
    print("value", float(value))
    print("grad", grad)
