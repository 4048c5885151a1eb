"""Stiff decay chain integrated with an explicit or an implicit (host-solved) Euler stepper."""
import numpy as np
from scipy.linalg import solve
import jax
import jax.numpy as jnp

RATES = np.array([[-5.0, 0.0, 0.0], [5.0, -0.5, 0.0], [0.0, 0.5, -0.01]], dtype=np.float32)


def _host_backward_euler(y, h):
    y, h = np.asarray(y), float(np.asarray(h))
    lhs = np.eye(3) - h * RATES
    return solve(lhs, y).astype(np.float32)


def explicit_step(y, h):
    return y + h * (jnp.asarray(RATES) @ y)


def implicit_step(y, h):
    spec = jax.ShapeDtypeStruct(y.shape, jnp.float32)
    return jax.pure_callback(_host_backward_euler, spec, y, h, vectorized=True)


def integrate(y0, t_end, n_steps, method="explicit"):
    stepper = {"explicit": explicit_step, "implicit": implicit_step}[method]
    h = jnp.float32(t_end / n_steps)

    def body(y, _):
        y = stepper(y, h)
        return y, y.sum()

    return jax.lax.scan(body, y0, None, length=n_steps)


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
    y0 = jnp.asarray([1.0, 0.0, 0.0], dtype=jnp.float32)
    yT, mass = jax.jit(integrate, static_argnames=("n_steps", "method"))(y0, 2.0, 10, method="implicit")
    print("final", yT, "mass drift", mass[-1] - 1.0)
