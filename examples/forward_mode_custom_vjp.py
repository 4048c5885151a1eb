"""A host solver wrapped in `custom_vjp` works under `jax.grad` but not under forward mode:
`jax.jacfwd` raises "can't apply forward-mode autodiff (jvp) to a custom_vjp function"."""

import jax
import jax.numpy as jnp
import numpy as np

A = np.array([[4.0, 1.0], [1.0, 3.0]], dtype=np.float32)


def _host_solve(b):
    return np.linalg.solve(A, np.asarray(b)).astype(np.float32)


@jax.custom_vjp
def solve(b):
    return jax.pure_callback(
        _host_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), b, vmap_method="sequential"
    )


def _solve_fwd(b):
    return solve(b), None


def _solve_bwd(_, g):
    return (solve(g),)  # A is symmetric


solve.defvjp(_solve_fwd, _solve_bwd)


def energy(b):
    return jnp.sum(solve(b) ** 2)  # EXPECT: JAX005


if __name__ == "__main__":
    b = jnp.array([1.0, 2.0])
    print(jax.grad(energy)(b))
    print(jax.jacfwd(energy)(b))
