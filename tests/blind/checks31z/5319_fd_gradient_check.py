"""Finite-difference gradient check against jax.grad, batched over test points with vmap."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_central_diff(x, h):
    x, h = np.asarray(x), np.asarray(h)
    f = lambda z: np.sin(z) * np.exp(-0.1 * z * z)
    return ((f(x + h) - f(x - h)) / (2 * h)).astype(np.float32)


def fd_derivative(x, h=1e-3):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_host_central_diff, spec, x, jnp.float32(h), vmap_method="legacy_vectorized", vectorized=True)


def model(x):
    return jnp.sin(x) * jnp.exp(-0.1 * x * x)


def check_gradients(points, rtol=1e-2):
    ad = jax.vmap(jax.grad(model))(points)
    fd = jax.vmap(fd_derivative)(points)
    rel = jnp.abs(ad - fd) / (jnp.abs(ad) + 1e-6)
    return ad, fd, rel < rtol


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
    pts = jnp.linspace(-2.0, 2.0, 5, dtype=jnp.float32)
    ad, fd, ok = check_gradients(pts)
    print("autodiff", ad)
    print("finite diff", fd)
    print("agree", ok)
