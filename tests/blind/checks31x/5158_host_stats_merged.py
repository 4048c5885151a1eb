"""Rolling summary statistics computed on the host, configured by merged option dicts."""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

DEFAULTS = {"scale": 1.0, "xp": np, "ddof": 0}


def summarize(values, *, scale, xp, ddof):
    arr = np.asarray(values)
    centred = arr - arr.mean()
    spread = xp.std(centred, ddof=ddof)
    return np.asarray(spread * scale, dtype=np.float32)


def build_host(**overrides):
    opts = {**DEFAULTS, **overrides}
    return partial(summarize, **opts)


def user_config():
    cfg = {"scale": 2.0}
    cfg.update(xp=jnp)
    return cfg


def spread_of(x, host):
    spec = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(host, spec, x)


@jax.jit
def objective(x):
    host = build_host(**user_config())
    return jnp.sum(x ** 2) + spread_of(x, host)


def warmup_grid(n):
    return jnp.linspace(-1.0, 1.0, n, dtype=jnp.float32)


if __name__ == "__main__":
    grid = warmup_grid(8)
    val = objective(grid)
    print("objective", float(val))
