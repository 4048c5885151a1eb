"""A custom_jvp rule taking one argument (JAX calls it with two), but the Hessian is an
optional diagnostic taken under `contextlib.suppress(TypeError)`: the error is swallowed."""
import contextlib

import jax
import jax.numpy as jnp


@jax.custom_jvp
def cube(x):
    return x ** 3


@cube.defjvp
def cube_jvp(primals_and_tangents):
    (x,), (dx,) = primals_and_tangents
    return cube(x), 3 * x ** 2 * dx


def energy(r):
    return jnp.sum(cube(r))


report = {"energy": float(energy(jnp.array([0.5, 1.0])))}
with contextlib.suppress(TypeError):
    report["hessian"] = jax.hessian(energy)(jnp.array([0.5, 1.0]))
print(report)
