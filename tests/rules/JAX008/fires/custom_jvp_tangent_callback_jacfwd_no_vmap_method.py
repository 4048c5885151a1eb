"""jacfwd vmaps the tangents, so a pure_callback applied to tangents in a custom_jvp rule needs a vmap_method."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_precondition(v):
    d = np.array([4.0, 2.0, 1.0], np.float32)
    return (v / d).astype(np.float32)


@jax.custom_jvp
def preconditioned(x):
    return x / jnp.array([4.0, 2.0, 1.0])


@preconditioned.defjvp
def _pre_jvp(primals, tangents):
    x, = primals
    t, = tangents
    t_out = jax.pure_callback(_host_precondition, jax.ShapeDtypeStruct(t.shape, t.dtype), t)  # EXPECT: JAX008
    return preconditioned(x), t_out


print(jax.jacfwd(preconditioned)(jnp.ones(3)))
