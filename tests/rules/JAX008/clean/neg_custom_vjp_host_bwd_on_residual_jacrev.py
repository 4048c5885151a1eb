"""Under jacrev only the cotangents are batched: a custom_vjp bwd that sends only its residual to the host is fine."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_slope(x):
    return (1.0 / np.cosh(np.asarray(x)) ** 2).astype(np.float32)


@jax.custom_vjp
def host_tanh(x):
    return jnp.tanh(x)


def _fwd(x):
    return jnp.tanh(x), x


def _bwd(x, ct):
    slope = jax.pure_callback(_host_slope, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return (slope * ct,)


host_tanh.defvjp(_fwd, _bwd)

print(jax.jacrev(host_tanh)(jnp.linspace(-1.0, 1.0, 3)))
