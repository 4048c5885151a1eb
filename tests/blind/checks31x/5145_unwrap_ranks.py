"""A wraps-based decorator adds keyword tolerance; a registry hands hosts over after unwrapping."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


def kwargs_sink(fn):
    @functools.wraps(fn)
    def wrapper(*args, **extra):
        wrapper.dropped.update(extra)
        return fn(*args)
    wrapper.dropped = {}
    return wrapper


@kwargs_sink
def rank_transform(x):
    arr = np.asarray(x)
    return (np.argsort(np.argsort(arr)) / max(arr.size - 1, 1)).astype(np.float32)


def resolve(host):
    return getattr(host, "__wrapped__", host)


def spearman_part(x, **options):
    host = resolve(rank_transform)
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host, spec, x, **options)


@jax.jit
def spearman(a, b):
    ra = spearman_part(a, vectorized=False)
    rb = spearman_part(b, vectorized=False)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    return jnp.sum(ra * rb) / jnp.sqrt(jnp.sum(ra ** 2) * jnp.sum(rb ** 2))


if __name__ == "__main__":
    a = jnp.array([1.0, 3.0, 2.0, 5.0], dtype=jnp.float32)
    b = jnp.array([2.0, 6.0, 1.0, 9.0], dtype=jnp.float32)
    print("rho", float(spearman(a, b)))
