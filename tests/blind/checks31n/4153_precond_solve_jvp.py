"""Diagonal-preconditioned linear solve whose solver runs on the host."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_solve(diag, rhs):
    d = np.asarray(diag)
    r = np.asarray(rhs)
    return (r / d).astype(r.dtype)


def _host_solve_t(diag, rhs):
    d = np.asarray(diag)
    r = np.asarray(rhs)
    return np.asarray(jnp.divide(r, d), dtype=r.dtype)


def make_system(n):
    d = jnp.arange(1.0, n + 1.0)
    return d, (lambda v: d * v)


def solve(d, matvec, b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)

    def fwd_solve(_, rhs):
        return jax.pure_callback(_host_solve, spec, d, rhs)

    def t_solve(_, rhs):
        return jax.pure_callback(_host_solve_t, spec, d, rhs)

    return jax.lax.custom_linear_solve(matvec, b, fwd_solve, t_solve)


def objective(b, d, matvec):
    x = solve(d, matvec, b)
    return jnp.sum(x ** 2)


def check_finite(tree_like, where="output"):
    """Raise early with a readable message if a result contains NaN or inf."""
    leaves = tree_like.values() if isinstance(tree_like, dict) else [tree_like]
    for leaf in leaves:
        if not np.all(np.isfinite(np.asarray(leaf))):
            raise FloatingPointError(f"non-finite values in {where}")
    return True



if __name__ == "__main__":
    d, matvec = make_system(3)
    b = jnp.ones(3)
    val, g = jax.jvp(lambda bb: objective(bb, d, matvec), (b,), (jnp.ones(3),))
    print(round(float(val), 4), np.round(np.asarray(g), 4))
