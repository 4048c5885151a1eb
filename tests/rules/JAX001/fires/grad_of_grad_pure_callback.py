"""Second derivative by grad(grad(f)) of a scalar function evaluated on the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_logcosh(t):
    return np.asarray(np.log(np.cosh(np.asarray(t))), dtype=np.float32)


def f(t):
    return jax.pure_callback(host_logcosh, jax.ShapeDtypeStruct((), jnp.float32), t)  # EXPECT: JAX001


d2f = jax.grad(jax.grad(f))
print(d2f(0.3))
