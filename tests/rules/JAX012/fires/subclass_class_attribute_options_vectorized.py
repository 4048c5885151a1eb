"""A base class's method spreads its class attribute `**self.call_options` into
`jax.pure_callback`; a subclass overrides the attribute with `{"vectorized": False}` and is
made by the script (the factory is called with `legacy=True`), so the inherited method passes
`vectorized` on to the host the subclass names, which does not take it."""
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
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX012
                                 **self.call_options)


class LegacyMean(Reducer):
    call_options = {"vectorized": False}
    host = staticmethod(_host_mean)


def make(legacy=False, **kw):
    return (LegacyMean if legacy else Reducer)(**kw)


if __name__ == "__main__":
    total, mean = make(scale=2.0), make(legacy=True)
    x = jnp.arange(4.0)
    print(jax.jit(total)(x), jax.jit(mean)(x))
