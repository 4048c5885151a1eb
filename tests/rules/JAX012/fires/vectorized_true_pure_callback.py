"""Code written for JAX < 0.5 passes `vectorized=True` to pure_callback."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def host_i0e(x):
    return scipy.special.i0e(np.asarray(x)).astype(np.float32)


def bessel(x):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_i0e, out, x, vectorized=True)  # EXPECT: JAX012


print(jax.jit(bessel)(jnp.linspace(0.0, 2.0, 3)))
