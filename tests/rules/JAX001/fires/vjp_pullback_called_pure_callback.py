"""jax.vjp of a function with a host callback, then the pullback is applied to a cotangent."""
import jax
import jax.numpy as jnp
import numpy as np


def host_softplus(v):
    v = np.asarray(v)
    return np.log1p(np.exp(v)).astype(np.float32)


def forward(x):
    return jax.pure_callback(host_softplus, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX001


x = jnp.array([-1.0, 0.0, 1.0])
y, pullback = jax.vjp(forward, x)
(ct,) = pullback(jnp.ones_like(y))
print(y, ct)
