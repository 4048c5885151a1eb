"""Callback options loaded from a table onto a namespace with setattr, then splatted."""
import inspect
import types
import numpy as np
import jax
import jax.numpy as jnp

OPTION_TABLE = [("vmap_method", "sequential"), ("vectorized", True), ("retries", 2)]


def load_options(table, accepted=None):
    ns = types.SimpleNamespace()
    for key, value in table:
        if accepted is None or key in accepted:
            setattr(ns, key, value)
    return ns


def host_clamp_log(x):
    xv = np.asarray(x)
    return np.log(np.clip(xv, 1e-3, None)).astype(xv.dtype)


ACCEPTED = set(inspect.signature(jax.pure_callback).parameters)
CFG = load_options(OPTION_TABLE[:2], ACCEPTED)


def safe_log(x):
    return jax.pure_callback(host_clamp_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **vars(CFG))


@jax.jit
def entropy(p):
    return -jnp.sum(p * safe_log(p))


if __name__ == "__main__":
    p = jnp.array([0.5, 0.25, 0.25, 0.0], dtype=jnp.float32)
    print("options:", sorted(vars(CFG)))
    print("entropy:", float(entropy(p)))
