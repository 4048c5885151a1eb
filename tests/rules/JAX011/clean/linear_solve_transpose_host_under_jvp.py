"""Near miss: custom_linear_solve's transpose_solve host calls jnp.divide, but the solve is
only run and differentiated forward (jax.jvp): JAX never transposes it, so that host never
runs."""
import jax
import jax.numpy as jnp
import numpy as np

D = jnp.arange(1.0, 4.0)


def _solve_t(d, r):
    return np.asarray(jnp.divide(np.asarray(r), np.asarray(d)))


def solve(b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.lax.custom_linear_solve(
        lambda v: D * v, b, lambda _, r: r / D,
        lambda _, r: jax.pure_callback(_solve_t, spec, D, r))


def loss(b):
    return jnp.sum(solve(b) ** 2)


if __name__ == "__main__":
    b = jnp.ones(3)
    print(loss(b), jax.jvp(loss, (b,), (b,)))
