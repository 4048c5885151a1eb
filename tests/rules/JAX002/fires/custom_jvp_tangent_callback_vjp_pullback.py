"""jax.vjp of a function whose custom_jvp rule maps tangents on the host: vjp succeeds, calling the pullback fails."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.fft import dct


def _host_dct(v):
    return dct(np.asarray(v), norm="ortho").astype(np.float32)


def host_dct(v):
    return jax.pure_callback(_host_dct, jax.ShapeDtypeStruct(v.shape, v.dtype), v)  # EXPECT: JAX002


@jax.custom_jvp
def spectrum(x):
    return host_dct(x)


@spectrum.defjvp
def _spectrum_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    # the DCT is linear, so its tangent is the DCT of the tangent
    return spectrum(x), host_dct(dx)


def energy(x):
    s = spectrum(x)
    return jnp.sum(s[1:] ** 2)


x = jnp.array([1.0, 2.0, 0.5, -1.0])
val, pullback = jax.vjp(energy, x)
print("energy", val)
(g,) = pullback(jnp.float32(1.0))
print(g)
