"""a sweep over known configurations stops with `break` at the one marked final, before
the only configuration whose host computes with JAX"""
import jax
import jax.numpy as jnp
import numpy as np

CONFIGS = [
    {"name": "fast", "exact": False, "final": False},
    {"name": "fast2", "exact": False, "final": True},
    {"name": "exact", "exact": True, "final": False},
]


def _host(x, exact):
    x = np.asarray(x)
    if exact:
        return np.asarray(jnp.sort(x))
    return np.sort(x).astype(np.float32)


def run(cfg, x):
    f = jax.jit(lambda v: jax.pure_callback(
        lambda vv: _host(vv, cfg["exact"]), jax.ShapeDtypeStruct(v.shape, jnp.float32), v))
    return f(x)


if __name__ == "__main__":
    for c in CONFIGS:
        print(c["name"], run(c, jnp.arange(3.0)))
        if c["final"]:
            break
