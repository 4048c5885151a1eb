"""Host-side polynomial evaluation via numpy.polyval; batched coefficient tables go row by row."""
import numpy as np
import jax
import jax.numpy as jnp


def _polyval_host(coeffs, x):
    c = np.asarray(coeffs)
    return np.polyval(c, np.asarray(x)).astype(np.float32)


def _polyval_rows(coeffs, x):
    c, xv = np.asarray(coeffs), np.asarray(x)
    return np.stack([np.polyval(row, xv) for row in c]).astype(np.float32)


def polyval(coeffs, x):
    if coeffs.ndim == 2:
        spec = jax.ShapeDtypeStruct((coeffs.shape[0],) + x.shape, jnp.float32)
        return jax.pure_callback(_polyval_rows, spec, coeffs, x, vectorized=True)
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_polyval_host, spec, coeffs, x)


def fit_residual(coeffs, xs, ys):
    pred = polyval(coeffs, xs)
    return jnp.mean((pred - ys) ** 2)


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"


def seed_everything(seed=0):
    """Seed the host-side generators used by the data helpers."""
    import random as _random
    _random.seed(seed)
    return np.random.default_rng(seed)



if __name__ == "__main__":
    xs = jnp.linspace(-1.0, 1.0, 5)
    ys = xs ** 2
    coeffs = jnp.array([1.0, 0.0, 0.0])
    print(round(float(jax.jit(fit_residual)(coeffs, xs, ys)), 5))
