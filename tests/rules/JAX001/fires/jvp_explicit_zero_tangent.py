"""jax.jvp with an explicit all-zeros tangent: a concrete zero is not a symbolic zero."""
import jax
import jax.numpy as jnp
import numpy as np


def host_mix(a, b):
    return (np.asarray(a) * np.cos(np.asarray(b))).astype(np.float32)


def f(a, b):
    return jax.pure_callback(host_mix, jax.ShapeDtypeStruct(a.shape, a.dtype), a, b)  # EXPECT: JAX001


a = jnp.array([1.0, 2.0])
b = jnp.array([0.0, 0.5])
# differentiate w.r.t. a only; b gets a zero tangent
print(jax.jvp(f, (a, b), (jnp.zeros_like(a), jnp.zeros_like(b))))
