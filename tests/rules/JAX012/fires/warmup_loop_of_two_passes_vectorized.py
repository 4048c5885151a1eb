"""A warm-up loop over `range(n_warmup)` with `n_warmup=2` runs two passes: the jitted function
whose callback options give `vectorized=` is called, and JAX passes the keyword on to the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_scale(x):
    return (np.asarray(x) * 2.0).astype(np.float32)


def scaled(x, options):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_scale, spec, x, **options)  # EXPECT: JAX012


def bench(x, n_warmup):
    options = {}
    warm = jax.jit(lambda y: scaled(y, options | {"vectorized": True}))
    for _ in range(n_warmup):
        warm(x).block_until_ready()
    return jax.jit(lambda y: scaled(y, options))(x)


if __name__ == "__main__":
    print(bench(jnp.arange(3.0), n_warmup=2))
