import numpy as np
import itertools
import jax
import jax.numpy as jnp

TAU = 0.7


@jax.custom_vjp
def pinball(residual):
    return jnp.maximum(TAU * residual, (TAU - 1.0) * residual)


def _pinball_fwd(residual):
    return pinball(residual), residual


def _pinball_bwd(residual, g):
    return (g * jnp.where(residual >= 0, TAU, TAU - 1.0), g)


pinball.defvjp(_pinball_fwd, _pinball_bwd)


SAMPLES = [
    {"x": 0.3, "y": 0.5, "flagged": True},
    {"x": 1.2, "y": 0.9, "flagged": False},
    {"x": -0.4, "y": 0.1, "flagged": True},
]


def sample_loss(theta, s):
    return pinball(s["y"] - theta * s["x"])


def trapezoid(ys, dx=1.0):
    ys = np.asarray(ys, dtype=float)
    return float(dx * (ys[0] / 2 + ys[1:-1].sum() + ys[-1] / 2)) if ys.size > 1 else 0.0


def relative_change(old, new, eps=1e-12):
    return abs(new - old) / max(abs(old), eps)


def moving_average(values, window=3):
    """Trailing moving average of a plain Python sequence."""
    out, acc = [], 0.0
    for i, v in enumerate(values):
        acc += float(v)
        if i >= window:
            acc -= float(values[i - window])
        out.append(acc / min(i + 1, window))
    return out


def format_row(cells, width=10):
    return " | ".join(str(c)[:width].ljust(width) for c in cells)


if __name__ == "__main__":
    theta = jnp.float32(0.5)
    flagged = filter(lambda s: s["flagged"], SAMPLES)
    grads = map(lambda s: jax.grad(sample_loss)(theta, s), flagged)
    running = list(itertools.accumulate(grads, lambda a, b: a + b, initial=jnp.float32(0.0)))
    print("updates:", len(running) - 1, float(running[-1]))
    print("eval:", [float(sample_loss(theta, s)) for s in SAMPLES])
    print(trapezoid([0.0, 1.0, 4.0]), relative_change(2.0, 2.5))
    print(format_row(moving_average([1, 2, 3, 4])))
