"""grad of custom_linear_solve whose solve is a host callback: JAX differentiates the solve implicitly, nothing batches it."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_diag_solve(b):
    return (np.asarray(b) / 2.0).astype(np.float32)


def host_solve(matvec, b):
    return jax.pure_callback(_host_diag_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), b)


def solve_system(b):
    return jax.lax.custom_linear_solve(lambda x: 2.0 * x, b, host_solve, symmetric=True)


print(jax.grad(lambda b: jnp.sum(solve_system(b)))(jnp.ones(3)))
