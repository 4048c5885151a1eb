"""custom_linear_solve's transpose_solve runs its pure_callback host (which calls jnp.divide)
when the solve is transposed: under jax.grad."""
import jax
import jax.numpy as jnp
import numpy as np

D = jnp.arange(1.0, 4.0)


def _solve_t(d, r):
    return np.asarray(jnp.divide(np.asarray(r), np.asarray(d)))  # EXPECT: JAX011


def solve(b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.lax.custom_linear_solve(
        lambda v: D * v, b, lambda _, r: r / D,
        lambda _, r: jax.pure_callback(_solve_t, spec, D, r))


def loss(b):
    return jnp.sum(solve(b) ** 2)


if __name__ == "__main__":
    print(jax.grad(loss)(jnp.ones(3)))
