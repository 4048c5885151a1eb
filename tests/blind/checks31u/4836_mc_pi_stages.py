"""Stage-dependent hooks for a batched Monte Carlo pi estimator.

The pipeline stage name selects its hook from the module namespace, so
new stages only need a function named `<stage>_hook`.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_hook_log = []


def _write(v):
    _hook_log.append(float(np.asarray(v)))
    return np.float32(0.0)


def strict_hook(v):
    return io_callback(_write, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=True)


def relaxed_hook(v):
    return io_callback(_write, jax.ShapeDtypeStruct((), jnp.float32), v)


def hook_for(stage):
    return globals()[f"{stage}_hook"]


def estimate(key, n, hook):
    pts = jax.random.uniform(key, (n, 2))
    inside = jnp.sum(jnp.sum(pts ** 2, axis=1) <= 1.0)
    est = 4.0 * inside / n
    return est + hook(est)


STAGE_OF = {"calibration": "strict", "production": "relaxed"}


def run(stage, keys, n=64):
    hook = hook_for(STAGE_OF[stage])
    return jax.vmap(lambda k: estimate(k, n, hook))(keys)


def error_bar(estimates):
    e = np.asarray(estimates)
    return float(e.std(ddof=1) / np.sqrt(e.size))


if __name__ == "__main__":
    keys = jax.random.split(jax.random.PRNGKey(11), 4)
    ests = run("production", keys)
    print("pi estimates", np.asarray(ests).round(3).tolist(), "logged", len(_hook_log))
