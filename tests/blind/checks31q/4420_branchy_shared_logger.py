"""A cond picks between a cheap estimate and a batched refinement that reports to the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

REPORTS = []


def _report(v):
    REPORTS.append(np.asarray(v).copy())
    return np.asarray(v)


def refine_one(x, anchor):
    y = x - 0.5 * (x * x - 2.0) / x
    seen = io_callback(_report, jax.ShapeDtypeStruct((), jnp.float32), anchor, ordered=True)
    return y + 0.0 * seen


def cheap(xs):
    return xs * 0.7


def refine(xs):
    return jax.vmap(refine_one, in_axes=(0, None))(xs, xs[0])


@jax.jit
def estimate(xs, budget):
    return lax.cond(budget > 100, refine, cheap, xs)


if __name__ == "__main__":
    xs = jnp.array([1.0, 1.5, 2.0, 3.0], dtype=jnp.float32)
    print(estimate(xs, 10), len(REPORTS))
