"""jvp's primal output handed to a host report inside grad: grad's tangent still reaches the callback."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_norm(v):
    return np.float32(np.linalg.norm(np.asarray(v)))


def report(v):
    return jax.pure_callback(_host_norm, jax.ShapeDtypeStruct((), jnp.float32), v)  # EXPECT: JAX001


def flow(x):
    return jnp.sin(x) * x


def objective(x):
    y, _ = jax.jvp(flow, (x,), (jnp.ones(3),))
    return report(y)


print(jax.grad(objective)(jnp.ones(3)))
