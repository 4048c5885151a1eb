"""Summing cost terms that carry an audit trail; `sum()` of terms starts from 0."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

AUDIT = []


def _audit(label_code, value):
    AUDIT.append((int(np.asarray(label_code)), float(np.asarray(value).sum())))
    return np.asarray(value)


class Cost:
    def __init__(self, value, code=0):
        self.value = value
        self.code = code

    def __add__(self, other):
        if isinstance(other, Cost):
            return Cost(self.value + other.value, self.code)
        return Cost(self.value + other, self.code)

    def __radd__(self, other):
        spec = jax.ShapeDtypeStruct(jnp.shape(self.value), jnp.result_type(self.value))
        logged = io_callback(_audit, spec, self.code, self.value, ordered=True)
        return Cost(logged + other, self.code)


def terms(x, y):
    return [
        Cost(jnp.sum((x - y) ** 2), code=1),
        Cost(0.1 * jnp.sum(x ** 2), code=2),
        Cost(0.01 * jnp.abs(x).sum(), code=3),
    ]


def objective(x, y):
    parts = terms(x, y)
    total = sum(parts)
    return total.value


def chunks(seq, size):
    """Yield successive slices of `seq` of length `size`."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def moving_average(xs, window=3):
    xs = jnp.asarray(xs)
    if xs.shape[0] < window:
        return xs
    kernel = jnp.ones(window) / window
    return jnp.convolve(xs, kernel, mode="valid")


if __name__ == "__main__":
    xs = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    y = jnp.ones(3)
    print(jax.vmap(objective, in_axes=(0, None))(xs, y))
    print(len(AUDIT), "audited")
