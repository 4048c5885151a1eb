"""Interval arithmetic for bounding a linear layer's output, evaluated on the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Interval:
    def __init__(self, lo, hi):
        self.lo = np.asarray(lo, dtype=np.float32)
        self.hi = np.asarray(hi, dtype=np.float32)

    def __matmul__(self, w):
        mat = np.asarray(w.matrix)
        pos, neg = np.clip(mat, 0, None), np.clip(mat, None, 0)
        return Interval(self.lo @ pos + self.hi @ neg, self.hi @ pos + self.lo @ neg)

    def __rmatmul__(self, w):
        mat = jnp.asarray(w.matrix)
        pos, neg = jnp.clip(mat, 0, None), jnp.clip(mat, None, 0)
        lo = pos @ self.lo + neg @ self.hi
        hi = pos @ self.hi + neg @ self.lo
        return Interval(np.asarray(lo), np.asarray(hi))

    def width(self):
        return self.hi - self.lo


class Weights:
    """Plain holder: no operators of its own."""

    def __init__(self, matrix):
        self.matrix = np.asarray(matrix, dtype=np.float32)


W = Weights(np.array([[1.0, -2.0, 0.5], [0.0, 1.0, -1.0], [2.0, 0.0, 1.0]]))


def bound_width(center, radius):
    center = np.asarray(center)
    radius = np.asarray(radius)
    box = Interval(center - radius, center + radius)
    out = box @ W
    return out.width().astype(np.float32)


def certified_margin(x):
    spec = jax.ShapeDtypeStruct((3,), jnp.float32)
    w = jax.pure_callback(bound_width, spec, x, jnp.full_like(x, 0.1))
    return jnp.min(x) - jnp.max(w)


def naive_bounds(x, r):
    """Loose bound via the operator norm, for comparison."""
    norm = jnp.linalg.norm(jnp.asarray(W.matrix), ord=2)
    return jnp.abs(x).max() + norm * r


def sample_check(key, x, r, n=8):
    eps = jax.random.uniform(key, (n, 3), minval=-r, maxval=r)
    outs = (x + eps) @ jnp.asarray(W.matrix).T
    return outs.max(axis=0) - outs.min(axis=0)


if __name__ == "__main__":
    xs = jnp.array([0.3, 1.2, -0.4], dtype=jnp.float32)
    print(jax.jit(certified_margin)(xs))
    print(naive_bounds(xs, 0.1), sample_check(jax.random.PRNGKey(0), xs, 0.1))
