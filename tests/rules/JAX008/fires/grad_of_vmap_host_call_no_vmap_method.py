"""grad of a vmapped loss: the vmap is the innermost transform, so JAX raises its batching error before any JVP error."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_softplus(x):
    return np.log1p(np.exp(np.asarray(x))).astype(np.float32)


def softplus(x):
    return jax.pure_callback(_host_softplus, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX008


def loss(w, xs):
    return jnp.mean(jax.vmap(lambda x: softplus(w * x))(xs))


print(jax.grad(loss)(jnp.float32(0.3), jnp.arange(3.0)))
