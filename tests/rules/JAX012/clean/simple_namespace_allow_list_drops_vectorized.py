"""Near miss of callback options kept from a `types.SimpleNamespace` by an allow-list: the
namespace holds `vectorized=True`, but the allow-list names `vmap_method` and `sharding` only,
so the dict spread into `jax.pure_callback` has no `vectorized` and the script runs."""
import types

import jax
import jax.numpy as jnp
import numpy as np

CALLBACK_KEYS = ("vmap_method", "sharding")
DEFAULTS = types.SimpleNamespace(vmap_method="sequential", vectorized=True, verbose=False)


def callback_options(ns):
    return {k: v for k, v in vars(ns).items() if k in CALLBACK_KEYS}


def host_median(x):
    return np.float32(np.median(np.asarray(x)))


def median(x, ns=DEFAULTS):
    return jax.pure_callback(host_median, jax.ShapeDtypeStruct((), jnp.float32), x,
                             **callback_options(ns))


def spread(x, ns=DEFAULTS):
    return x - median(x, ns)


if __name__ == "__main__":
    print(jax.jit(spread)(jnp.arange(5.0)))
