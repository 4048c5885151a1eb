"""jacrev of a residual function whose nonlinearity is evaluated on the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_residual(q):
    q = np.asarray(q)
    return np.stack([q[0] ** 2 - q[1], np.sin(q[1])]).astype(np.float32)


def residual(q):
    spec = jax.ShapeDtypeStruct((2,), q.dtype)
    return jax.pure_callback(host_residual, spec, q, vmap_method="broadcast_all")  # EXPECT: JAX001


J = jax.jacrev(residual)(jnp.array([1.0, 0.5]))
print(J)
