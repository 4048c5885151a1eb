"""A custom_jvp rule taking one argument (JAX calls it with two), but the Hessian is an
optional diagnostic suppressing other errors than the TypeError JAX raises."""
import contextlib

import jax
import jax.numpy as jnp


@jax.custom_jvp
def cube(x):
    return x ** 3


@cube.defjvp
def cube_jvp(primals_and_tangents):  # EXPECT: JAX016
    (x,), (dx,) = primals_and_tangents
    return cube(x), 3 * x ** 2 * dx


def energy(r):
    return jnp.sum(cube(r))


report = {"energy": float(energy(jnp.array([0.5, 1.0])))}
with contextlib.suppress(ValueError, ZeroDivisionError):
    report["hessian"] = jax.hessian(energy)(jnp.array([0.5, 1.0]))
print(report)
