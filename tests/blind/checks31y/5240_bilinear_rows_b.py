import functools
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

writes = []


def _append(v):
    v = np.asarray(v)
    writes.append(v.tolist())
    return v


class Logged:
    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, *args):
        y = self.fn(*args)
        return io_callback(_append, jax.ShapeDtypeStruct(y.shape, y.dtype), y, ordered=True)

    def over_rows(self, *arrays):
        return jax.lax.map(lambda row: self(*row), arrays)


@Logged
def bilinear(u, v):
    return jnp.outer(u, v).trace()[None]



def moving_average(values, alpha=0.9):
    """Exponential moving average of a Python list of floats."""
    out, acc = [], None
    for v in values:
        acc = v if acc is None else alpha * acc + (1.0 - alpha) * v
        out.append(acc)
    return out


def format_row(label, numbers, width=8):
    cells = "".join(f"{float(n):>{width}.4f}" for n in numbers)
    return f"{label:<12}{cells}"


def relative_error(a, b, eps=1e-12):
    return float(jnp.max(jnp.abs(a - b) / (jnp.abs(b) + eps)))


if __name__ == "__main__":
    U = jnp.arange(6.0, dtype=jnp.float32).reshape(3, 2)
    V = jnp.ones((3, 2), jnp.float32)
    res = bilinear.over_rows(U, V)
    print(bilinear.__name__, res.ravel())
    print("writes", writes)
