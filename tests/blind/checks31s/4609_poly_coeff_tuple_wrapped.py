import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def horner(coeffs, x):
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc


def _horner_fwd(coeffs, x):
    return horner(coeffs, x), (coeffs, x)


def _horner_bwd(res, g):
    coeffs, x = res
    n = len(coeffs)
    gc = tuple(jnp.sum(g * x ** (n - 1 - i)) for i in range(n))
    dpoly = sum((n - 1 - i) * c * x ** (n - 2 - i) for i, c in enumerate(coeffs[:-1]))
    return gc, g * dpoly


horner.defvjp(_horner_fwd, _horner_bwd)


def fit(coeffs, xs, ys, lr=0.05, steps=5):
    def mse(c):
        return jnp.mean((horner(c, xs) - ys) ** 2)
    for _ in range(steps):
        grads = jax.grad(mse)(coeffs)
        coeffs = jax.tree.map(lambda c, g: c - lr * g, coeffs, grads)
    return coeffs, mse(coeffs)


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


class Stopwatch:
    """Tiny wall-clock timer used for the run summary."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.marks = {}

    def mark(self, name):
        self.marks[name] = self._time()
        return self

    def since(self, name):
        return self._time() - self.marks.get(name, self._time())


if __name__ == "__main__":
    xs = jnp.linspace(-1.0, 1.0, 7)
    ys = 0.5 * xs ** 2 - xs + 0.25
    coeffs = (jnp.float32(0.0), jnp.float32(0.0), jnp.float32(0.0))
    coeffs, err = fit(coeffs, xs, ys)
    print([float(c) for c in coeffs], float(err))
    print(format_row(moving_average([1, 2, 3, 4])))
    print("elapsed %.3fs" % Stopwatch().mark("end").since("end"))
