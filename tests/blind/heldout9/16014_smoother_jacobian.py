# host-side Savitzky-Golay smoother with a hand-written adjoint; full Jacobian wanted for diagnostics
import jax
import jax.numpy as jnp
import numpy as np
from scipy.signal import savgol_coeffs

COEFFS = savgol_coeffs(5, 2).astype(np.float32)


def _smooth(v):
    return np.convolve(v, COEFFS, mode="same").astype(np.float32)


def _smooth_adjoint(g):
    return np.convolve(g, COEFFS[::-1], mode="same").astype(np.float32)


@jax.custom_vjp
def smooth(v):
    return jax.pure_callback(_smooth, jax.ShapeDtypeStruct(v.shape, v.dtype), v,
                             vmap_method="sequential")


def smooth_fwd(v):
    return smooth(v), None


def smooth_bwd(_, g):
    return (jax.pure_callback(_smooth_adjoint, jax.ShapeDtypeStruct(g.shape, g.dtype), g),)


smooth.defvjp(smooth_fwd, smooth_bwd)

signal = jnp.sin(jnp.linspace(0, 3, 10)).astype(jnp.float32)
print(jax.grad(lambda s: jnp.sum(smooth(s) ** 2))(signal))
J = jax.jacrev(smooth)(signal)
print(J.shape)
