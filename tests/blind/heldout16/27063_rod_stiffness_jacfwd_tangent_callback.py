"""Elastic rod: bending stiffness applied by a compiled (host) stencil, forward Jacobian of the forces."""
import numpy as np
import jax
import jax.numpy as jnp

N = 6


def _bending_stencil(theta):
    t = np.asarray(theta)
    out = np.zeros_like(t)
    out[1:-1] = 2 * t[1:-1] - t[:-2] - t[2:]
    return out.astype(np.float32)


def stencil(theta):
    return jax.pure_callback(_bending_stencil, jax.ShapeDtypeStruct(theta.shape, theta.dtype), theta)


@jax.custom_jvp
def bending_force(theta):
    return stencil(theta)


@bending_force.defjvp
def _bending_force_jvp(primals, tangents):
    (theta,), (dtheta,) = primals, tangents
    return stencil(theta), stencil(dtheta)   # linear operator


@jax.named_call
def rod_forces(theta, load):
    return -bending_force(theta) + load * jnp.cos(theta)


theta = jnp.linspace(0.0, 0.5, N)
print(rod_forces(theta, 0.1))
tangent_stiffness = jax.jacfwd(rod_forces)(theta, 0.1)
print(tangent_stiffness)
