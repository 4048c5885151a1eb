"""Damped Newton for a small nonlinear system; the Jacobian solve is delegated to LAPACK on the host."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_lstsq(jac, rhs):
    jac, rhs = np.asarray(jac), np.asarray(rhs)
    sol, *_ = np.linalg.lstsq(jac, rhs, rcond=None)
    return sol.astype(np.float32)


def residual(x):
    return jnp.array([x[0] ** 2 + x[1] ** 2 - 4.0, jnp.exp(x[0]) + x[1] - 1.0])


def newton_solve(x0, max_iter=10, tol=1e-5, damping=1.0):
    x = x0
    history = []
    k = 0
    while k < max_iter:
        r = residual(x)
        J = jax.jacfwd(residual)(x)
        dx = jax.pure_callback(_host_lstsq, jax.ShapeDtypeStruct(x.shape, jnp.float32), J, -r, vectorized=False)
        x = x + damping * dx
        history.append(float(jnp.linalg.norm(r)))
        if history[-1] < tol:
            break
        k += 1
    return x, history


def report(x, hist):
    print("root", x)
    print("residual history", [round(h, 6) for h in hist])


def describe(arr, name="array"):
    """Short text summary used by the report at the end of the script."""
    a = np.asarray(arr)
    return (f"{name}: shape={a.shape} dtype={a.dtype} "
            f"min={a.min():.4g} max={a.max():.4g} mean={a.mean():.4g}")


def relative_error(approx, exact, floor=1e-12):
    approx, exact = np.asarray(approx, dtype=float), np.asarray(exact, dtype=float)
    return float(np.max(np.abs(approx - exact) / np.maximum(np.abs(exact), floor)))


def format_row(cells, width=12):
    out = []
    for c in cells:
        if isinstance(c, float):
            out.append(f"{c:>{width}.5g}")
        else:
            out.append(f"{str(c):>{width}}")
    return " ".join(out)


if __name__ == "__main__":
    x0 = jnp.asarray([1.0, -1.5], dtype=jnp.float32)
    MAX_ITER = 6
    x, hist = newton_solve(x0, max_iter=MAX_ITER, damping=0.8)
    report(x, hist)
