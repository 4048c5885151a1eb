import jax
import jax.numpy as jnp
import reference as ref


def predict(coeffs, x):
    frozen_x = jax.lax.stop_gradient(x)
    base = ref.spline_baseline(frozen_x)
    correction = coeffs[0] + coeffs[1] * x + coeffs[2] * x ** 2
    return base + correction


def loss(coeffs, x, y):
    return jnp.mean((predict(coeffs, x) - y) ** 2)
