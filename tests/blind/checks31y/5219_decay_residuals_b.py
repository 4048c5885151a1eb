import inspect
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_store = {}


def sink(key_arr, value):
    key_arr = np.asarray(key_arr)
    value = np.asarray(value)
    _store.setdefault(int(key_arr.sum()) % 5, []).append(value.copy())
    return value


def checkpoint_value(value, tag=0, /, *, ordered=True, dtype=jnp.float32):
    return value


def emit(*args, **kwargs):
    bound = inspect.signature(checkpoint_value).bind(*args, **kwargs)
    bound.apply_defaults()
    value, tag = bound.arguments["value"], bound.arguments["tag"]
    spec = jax.ShapeDtypeStruct(value.shape, bound.arguments["dtype"])
    return io_callback(sink, spec, jnp.asarray(tag), value, ordered=bound.arguments["ordered"])


def residual(theta, obs):
    pred = theta[0] * jnp.exp(-theta[1] * obs[0])
    r = pred - obs[1]
    return emit(r * r, 3, ordered=False)



class Timer:
    """Tiny wall-clock helper used while experimenting."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.start = self._time()
        self.laps = []

    def lap(self, name):
        now = self._time()
        self.laps.append((name, now - self.start))
        self.start = now

    def report(self):
        return ", ".join(f"{n}={t * 1e3:.1f}ms" for n, t in self.laps)


if __name__ == "__main__":
    data = jnp.stack([jnp.linspace(0.0, 2.0, 5), jnp.exp(-jnp.linspace(0.0, 2.0, 5))], axis=1)
    theta = jnp.array([1.1, 0.9], jnp.float32)
    sq = jax.vmap(residual, in_axes=(None, 0))(theta, data.astype(jnp.float32))
    print("sq", sq)
    print("buckets", sorted(_store))
