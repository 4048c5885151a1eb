"""User-facing option aliases translated into callback keywords for a host lookup."""
import numpy as np
import jax
import jax.numpy as jnp

ALIASES = {"vec": "vectorized", "batching": "vmap_method", "shard": "sharding"}
USER_OPTIONS = {"vec": False}

GRID = np.linspace(0.0, 1.0, 11)
TABLE = GRID ** 3 - GRID


def host_cubic_table(x):
    xv = np.asarray(x)
    return np.interp(xv, GRID, TABLE).astype(xv.dtype)


def translate(options):
    return {ALIASES[k]: v for k, v in options.items()}


def lookup(x, **user):
    kw = translate(user)
    return jax.pure_callback(host_cubic_table, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)


def trapezoid(y, dx):
    return dx * (jnp.sum(y) - 0.5 * (y[0] + y[-1]))


if __name__ == "__main__":
    xs = jnp.linspace(0.0, 1.0, 9, dtype=jnp.float32)
    ys = jax.jit(lambda x: lookup(x, **USER_OPTIONS))(xs)
    print("integral:", float(trapezoid(ys, xs[1] - xs[0])), "exact:", 0.25 - 0.5)
