"""custom_linear_solve whose transpose_solve gives `vectorized=`: jax.grad transposes the
solve, so the host gets the keyword."""
import jax
import jax.numpy as jnp
import numpy as np


def host_solve(d, r):
    return (np.asarray(r) / np.asarray(d)).astype(np.float32)


def solve_diag(d, b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    solve = lambda _, r: jax.pure_callback(host_solve, spec, d, r)
    tsolve = lambda _, r: jax.pure_callback(host_solve, spec, d, r, vectorized=False)  # EXPECT: JAX012
    return jax.lax.custom_linear_solve(lambda v: d * v, b, solve, tsolve)


if __name__ == "__main__":
    d = jnp.array([2.0, 4.0])
    print(jax.grad(lambda b: jnp.sum(solve_diag(d, b) ** 2))(jnp.array([1.0, 1.0])))
