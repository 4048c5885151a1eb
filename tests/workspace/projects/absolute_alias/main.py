"""A module alias (`import mylib.linalg as la`) hides the host solve behind la.solve."""
import jax
import jax.numpy as jnp

import mylib.linalg as la

A = jnp.array([[2.0, 0.0], [0.0, 4.0]])


def energy(b):
    x = la.solve(A, b)  # EXPECT: JAX001
    return jnp.sum(x**2)


print(jax.grad(energy)(jnp.ones(2)))
