import numpy as np
import functools
import jax
import jax.numpy as jnp


def make_gated(name, slope):
    @jax.custom_vjp
    def gated(x, w):
        return jnp.where(x * w > 0, x * w, slope * x * w)

    def fwd(x, w):
        return gated(x, w), (x, w)

    def bwd(res, g):
        x, w = res
        d = jnp.where(x * w > 0, 1.0, slope)
        return g * d * w, jnp.sum(g * d * x)

    gated.defvjp(fwd, bwd)
    gated.__name__ = name
    return gated


SLOPES = {"enc": 0.1, "mid": 0.05, "dec": 0.2}
LAYERS = [make_gated(n, s) for n, s in SLOPES.items()]


def forward(weights, x):
    return functools.reduce(lambda h, lw: lw[0](h, lw[1]), zip(LAYERS, weights), x)


def loss(weights, x):
    return jnp.sum(forward(weights, x) ** 2)


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


def merge_configs(base, override):
    """Recursive dict merge; override wins."""
    merged = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(merged.get(k), dict):
            merged[k] = merge_configs(merged[k], v)
        else:
            merged[k] = v
    return merged


DEFAULTS = {"log_every": 10, "opt": {"name": "sgd", "momentum": 0.0}}


if __name__ == "__main__":
    weights = [jnp.float32(v) for v in (0.9, -1.1, 0.7)]
    x = jnp.linspace(-1.0, 1.0, 4)
    print([l.__name__ for l in LAYERS], float(loss(weights, x)))
    grads = jax.grad(loss)(weights, x)
    print([float(g) for g in grads])
    print("elapsed %.3fs" % Stopwatch().mark("end").since("end"))
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
