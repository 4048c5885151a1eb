"""Jacobi relaxation on a batch of 1-D boundary problems; each sweep is traced on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

TRACE = []


def _trace_host(value):
    TRACE.append(np.asarray(value).copy())
    return np.asarray(value)


def trace(value):
    return io_callback(_trace_host, jax.ShapeDtypeStruct(jnp.shape(value), jnp.result_type(value)),
                       value, ordered=True)


def jacobi_sweep(u, rhs, h):
    interior = 0.5 * (u[:-2] + u[2:] - h * h * rhs[1:-1])
    return u.at[1:-1].set(interior)


def relax(left, right, rhs, n_sweeps=6):
    n = rhs.shape[0]
    h = 1.0 / (n - 1)
    u0 = jnp.linspace(left, right, n)

    def body(i, u):
        u = jacobi_sweep(u, rhs, h)
        _ = trace(u[4])
        return u

    return lax.fori_loop(0, n_sweeps, body, u0)


if __name__ == "__main__":
    rhs = jnp.sin(jnp.linspace(0.0, jnp.pi, 9))
    lefts = jnp.array([0.0, 1.0, -1.0])
    rights = jnp.array([1.0, 0.0, 0.5])
    sols = jax.vmap(relax, in_axes=(0, 0, None))(lefts, rights, rhs)
    print(sols.shape, len(TRACE))
