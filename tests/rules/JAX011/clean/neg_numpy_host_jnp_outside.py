"""The host function uses NumPy only; jnp is used by the traced code around the callback."""
import jax
import jax.numpy as jnp
import numpy as np


def host_softplus(x):
    return np.log1p(np.exp(np.asarray(x))).astype(np.float32)


@jax.jit
def model(x):
    y = jnp.tanh(x)
    out = jax.ShapeDtypeStruct(y.shape, jnp.float32)
    return jnp.sum(jax.pure_callback(host_softplus, out, y))


print(model(jnp.linspace(-1.0, 1.0, 4)))
