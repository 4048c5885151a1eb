"""Near miss of an options dict passed down to `**options` of `jax.pure_callback`: a legacy
dict holding `vectorized=True` is written, but every call passes the `vmap_method` one (or
none: the default), so JAX never sees the removed keyword and the script runs."""
import jax
import jax.numpy as jnp
import numpy as np

BATCHED = {"vmap_method": "expand_dims"}
SEQUENTIAL = {"vmap_method": "sequential"}
LEGACY = {"vectorized": True}


def host_cumsum(x):
    return np.cumsum(np.asarray(x), axis=-1).astype(np.float32)


def cumsum(x, options=BATCHED):
    return jax.pure_callback(host_cumsum, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **options)


def report(x, options=BATCHED):
    return cumsum(x, options)[-1]


def run(x, options=BATCHED):
    return jax.jit(lambda y: report(y, options))(x)


if __name__ == "__main__":
    print(run(jnp.arange(4.0), options=SEQUENTIAL), run(jnp.arange(3.0)), len(LEGACY))
