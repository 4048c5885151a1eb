"""Near miss of a subclass overriding the class attribute its inherited method spreads into
`jax.pure_callback` (`call_options = {"vectorized": False}`): the factory is only ever called
with `legacy=False` (or its default), so no instance of the subclass is made, the base's
`vmap_method` options are the ones passed, and the script runs."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_sum(x, *, scale):
    return np.float32(np.sum(np.asarray(x)) * scale)


def _host_mean(x, *, scale):
    return np.float32(np.mean(np.asarray(x)) * scale)


class Reducer:
    call_options = {"vmap_method": "sequential"}
    host = staticmethod(_host_sum)

    def __init__(self, scale=1.0):
        self.scale = scale

    def __call__(self, x):
        host = lambda v, **kw: type(self).host(v, scale=self.scale, **kw)
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x,
                                 **self.call_options)


class LegacyMean(Reducer):
    call_options = {"vectorized": False}
    host = staticmethod(_host_mean)


def make(legacy=False, **kw):
    return (LegacyMean if legacy else Reducer)(**kw)


if __name__ == "__main__":
    total, mean = make(scale=2.0), make(legacy=False)
    x = jnp.arange(4.0)
    print(jax.jit(total)(x), jax.jit(mean)(x))
