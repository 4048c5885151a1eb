"""jax.linearize of a host-computed map, evaluated on two tangent directions."""
import jax
import jax.numpy as jnp
import numpy as np


def host_tanh(u):
    return np.tanh(np.asarray(u)).astype(np.float32)


def field(u):
    return jax.pure_callback(host_tanh, jax.ShapeDtypeStruct(u.shape, u.dtype), 2.0 * u)  # EXPECT: JAX001


u0 = jnp.array([0.1, 0.2])
y, f_lin = jax.linearize(field, u0)
print(y, f_lin(jnp.array([1.0, 0.0])), f_lin(jnp.array([0.0, 1.0])))
