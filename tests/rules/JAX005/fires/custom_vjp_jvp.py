"""jax.jvp applied directly to a custom_vjp function: forward mode is not defined for it."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def clip_gradient(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(_fwd, _bwd)

x = jnp.array([0.5, 2.0, -3.0])
primal_out, tangent_out = jax.jvp(clip_gradient, (x,), (jnp.ones(3),))  # EXPECT: JAX005
print(primal_out, tangent_out)
