"""Near miss of an options dict passed down to `**options` of `jax.pure_callback`: the legacy
dict holds `vectorized=True`, and JAX passes it on, but the host is a lambda whose `**kw` go
on to a function that takes `vectorized`; nothing batches the call, so it runs."""
import jax
import jax.numpy as jnp
import numpy as np

BATCHED = {"vmap_method": "expand_dims"}
LEGACY = {"vectorized": True}


def host_cumsum(x, *, axis, vectorized=False):
    return np.cumsum(np.asarray(x), axis=axis).astype(np.float32)


def cumsum(x, options=BATCHED):
    host = lambda v, **kw: host_cumsum(v, axis=-1, **kw)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **options)


def report(x, options=BATCHED):
    return cumsum(x, options)[-1]


def run(x, options=BATCHED):
    return jax.jit(lambda y: report(y, options))(x)


if __name__ == "__main__":
    print(run(jnp.arange(4.0), options=LEGACY))
