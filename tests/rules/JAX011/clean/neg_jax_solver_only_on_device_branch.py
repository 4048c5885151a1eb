"""One helper takes a solver and a flag: the JAX solver is passed with the flag that keeps it
off the host, the NumPy one with the flag that makes it the host function."""
import jax
import jax.numpy as jnp
import numpy as np


class HostSolve:
    def __call__(self, a, b):
        return np.linalg.solve(np.asarray(a), np.asarray(b)).astype(np.float32)


class DeviceSolve:
    def __call__(self, a, b):
        return jnp.linalg.solve(a, b)


def solve_with(solver, a, b, on_host):
    if on_host:
        return jax.pure_callback(solver, jax.ShapeDtypeStruct(b.shape, jnp.float32), a, b)
    return solver(a, b)


@jax.jit
def both(a, b):
    return solve_with(HostSolve(), a, b, True) - solve_with(DeviceSolve(), a, b, on_host=False)


print(both(jnp.eye(2) * 2.0, jnp.ones(2)))
