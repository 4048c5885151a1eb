from functools import partial
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_clip(x, lo, hi):
    return lo + (hi - lo) * jax.nn.sigmoid((x - 0.5 * (lo + hi)) * 4.0 / (hi - lo))


def clipped_rule(cfg, primals, tangents, *, eps=1e-6):
    x, lo, hi = primals
    dx, dlo, dhi = tangents
    y = soft_clip(x, lo, hi)
    s = (y - lo) / (hi - lo + eps)
    slope = 4.0 * s * (1.0 - s) * cfg["gain"]
    return y, slope * dx + (1.0 - s) * dlo + s * dhi


CONFIG = {"gain": 1.0}
soft_clip.defjvp(partial(clipped_rule, CONFIG, eps=1e-4))


def objective(w, xs):
    ys = soft_clip(xs * w, -1.0, 1.0)
    return jnp.mean((ys - 0.3) ** 2)



def trapezoid(ys, xs):
    """Trapezoidal rule on a 1-d grid."""
    dx = xs[1:] - xs[:-1]
    return jnp.sum(0.5 * dx * (ys[1:] + ys[:-1]))


def finite_diff(f, x, h=1e-3):
    return (f(x + h) - f(x - h)) / (2.0 * h)


def check_close(name, a, b, tol=1e-3):
    err = float(jnp.max(jnp.abs(jnp.asarray(a) - jnp.asarray(b))))
    status = "ok" if err < tol else "MISMATCH"
    return f"{name}: {status} (max err {err:.2e})"


if __name__ == "__main__":
    xs = jnp.linspace(-2.0, 2.0, 7, dtype=jnp.float32)
    w = jnp.float32(0.8)
    for _ in range(3):
        w = w - 0.5 * jax.grad(objective)(w, xs)
    print("w", float(w), "loss", float(objective(w, xs)))
