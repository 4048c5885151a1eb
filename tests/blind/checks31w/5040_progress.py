"""Ensemble of gradient-descent fits with a host-side progress reporter."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

PROGRESS = []


def _report(step, value):
    PROGRESS.append((int(np.asarray(step)), np.asarray(value).tolist()))
    return np.int32(0)


def report_progress(step, value):
    io_callback(_report, jax.ShapeDtypeStruct((), jnp.int32), step, value, ordered=True)


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def fit(w0, x, y, lr=0.1, steps=5):
    def body(carry, step):
        w = carry
        l, g = jax.value_and_grad(loss)(w, x, y)
        report_progress(step, jnp.float32(lr))
        return w - lr * g, l

    w, losses = lax.scan(body, w0, jnp.arange(steps))
    return w, losses


def summarize(arr, name="value"):
    """One-line summary used in console output."""
    arr = jnp.asarray(arr)
    return (
        f"{name}: shape={tuple(arr.shape)} "
        f"min={float(jnp.min(arr)):.4g} max={float(jnp.max(arr)):.4g} "
        f"mean={float(jnp.mean(arr)):.4g}"
    )


def relative_error(a, b, eps=1e-12):
    a = jnp.asarray(a)
    b = jnp.asarray(b)
    return float(jnp.linalg.norm(a - b) / (jnp.linalg.norm(b) + eps))


if __name__ == "__main__":
    key = jax.random.PRNGKey(7)
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (10, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    inits = jax.random.normal(kw, (4, 3))
    ws, losses = jax.vmap(fit, in_axes=(0, None, None))(inits, x, y)
    print(losses[:, -1])
    print(len(PROGRESS), "progress reports")
