"""Photon transport attenuation with a host routine for the Voigt profile (scipy.special.voigt_profile)
wrapped in custom_vjp; a linearised model is built once and reused."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.special import voigt_profile

nu = np.linspace(-3, 3, 9).astype(np.float32)


def _voigt(sigma, gamma):
    return voigt_profile(nu, float(sigma), float(gamma)).astype(np.float32)


@jax.custom_vjp
def line_shape(sigma, gamma):
    return jax.pure_callback(_voigt, jax.ShapeDtypeStruct(nu.shape, jnp.float32), sigma, gamma)


def _fwd(sigma, gamma):
    return line_shape(sigma, gamma), (sigma, gamma)


def _bwd(res, g):
    sigma, gamma = res
    eps = 1e-3
    ds = (line_shape(sigma + eps, gamma) - line_shape(sigma - eps, gamma)) / (2 * eps)
    dg = (line_shape(sigma, gamma + eps) - line_shape(sigma, gamma - eps)) / (2 * eps)
    return jnp.sum(g * ds), jnp.sum(g * dg)


line_shape.defvjp(_fwd, _bwd)


def transmittance(theta, column=2.0):
    return jnp.exp(-column * line_shape(theta[0], theta[1]))


theta0 = jnp.array([0.6, 0.3])
print(jax.jacrev(transmittance)(theta0).shape)
y0, tl_model = jax.linearize(transmittance, theta0)
print("linearised model built", y0.shape)
print(tl_model(jnp.array([0.01, 0.0])))
