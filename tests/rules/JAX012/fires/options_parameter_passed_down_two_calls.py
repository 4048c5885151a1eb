"""An options dict is a plain parameter of the function calling `jax.pure_callback` (spread
there as `**options`); its default names `vmap_method`, but the script's run passes a legacy
dict holding `vectorized=True` down through two functions, and JAX passes it on to the host,
which does not take it."""
import jax
import jax.numpy as jnp
import numpy as np

BATCHED = {"vmap_method": "expand_dims"}
LEGACY = {"vectorized": True}


def host_cumsum(x):
    return np.cumsum(np.asarray(x), axis=-1).astype(np.float32)


def cumsum(x, options=BATCHED):
    return jax.pure_callback(host_cumsum, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             **options)


def report(x, options=BATCHED):
    return cumsum(x, options)[-1]


def run(x, options=BATCHED):
    return jax.jit(lambda y: report(y, options))(x)


if __name__ == "__main__":
    print(run(jnp.arange(4.0), options=LEGACY))
