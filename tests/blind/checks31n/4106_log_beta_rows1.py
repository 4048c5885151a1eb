"""Special-function layer: a descriptor supplies per-instance pure_callback options."""
import numpy as np
import scipy.special
import jax
import jax.numpy as jnp


class CallbackOptions:
    def __set_name__(self, owner, name):
        self.private = f"_{name}"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        opts = {}
        if (rows := getattr(obj, "rows_at_once", 0)) and rows > 1:
            opts["vectorized"] = True
        return opts


def _gammaln(x):
    return scipy.special.gammaln(np.asarray(x)).astype(np.float32)


class LogGammaLayer:
    options = CallbackOptions()

    def __init__(self, rows_at_once=1):
        self.rows_at_once = rows_at_once

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(_gammaln, spec, x, **self.options)


def log_beta(layer, a, b):
    return layer(a) + layer(b) - layer(a + b)


class Timer:
    """Tiny wall-clock timer for the command-line run."""

    def __init__(self):
        import time
        self._clock = time.perf_counter
        self.start = self._clock()

    def lap(self):
        now = self._clock()
        elapsed, self.start = now - self.start, now
        return elapsed



if __name__ == "__main__":
    layer = LogGammaLayer(rows_at_once=1)
    a, b = jnp.array([1.0, 2.5]), jnp.array([3.0, 0.5])
    print(np.round(np.asarray(jax.jit(lambda p, q: log_beta(layer, p, q))(a, b)), 4))
