"""a sweep over known configurations would skip the heavy one with `continue`, but the
switch is off: the configuration whose host computes with JAX reaches the callback"""
import jax
import jax.numpy as jnp
import numpy as np

CONFIGS = [
    {"name": "fast", "exact": False, "heavy": False},
    {"name": "exact", "exact": True, "heavy": True},
    {"name": "fast2", "exact": False, "heavy": False},
]
SKIP_HEAVY = False


def _host(x, exact):
    x = np.asarray(x)
    if exact:
        return np.asarray(jnp.sort(x))  # EXPECT: JAX011
    return np.sort(x).astype(np.float32)


def run(cfg, x):
    f = jax.jit(lambda v: jax.pure_callback(
        lambda vv: _host(vv, cfg["exact"]), jax.ShapeDtypeStruct(v.shape, jnp.float32), v))
    return f(x)


if __name__ == "__main__":
    for c in CONFIGS:
        if SKIP_HEAVY and c["heavy"]:
            continue
        print(c["name"], run(c, jnp.arange(3.0)))
