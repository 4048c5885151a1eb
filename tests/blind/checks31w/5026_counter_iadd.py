"""Running tallies for a Monte Carlo estimator, kept in a small accumulator object."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_HOST_TALLIES = []


def _host_tally(total, increment):
    total = np.asarray(total)
    increment = np.asarray(increment)
    _HOST_TALLIES.append(float(increment.sum()))
    return (total + increment).astype(total.dtype)


class Tally:
    def __init__(self, total):
        self.total = total

    def __add__(self, other):
        spec = jax.ShapeDtypeStruct(self.total.shape, self.total.dtype)
        return Tally(io_callback(_host_tally, spec, self.total, other, ordered=True))

    def mean(self, n):
        return self.total / n


def estimate(samples):
    acc = Tally(jnp.zeros(()))
    for k in range(samples.shape[0]):
        acc += jnp.sin(samples[k]) ** 2
    return acc.mean(samples.shape[0])


def draw(key, walkers, steps):
    return jax.random.uniform(key, (walkers, steps), minval=0.0, maxval=jnp.pi)


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
    xs = draw(jax.random.PRNGKey(3), 3, 4)
    est = jax.vmap(estimate)(xs)
    print("estimates", est)
    print("host saw", len(_HOST_TALLIES), "increments")
