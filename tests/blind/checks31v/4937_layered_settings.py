"""Layered settings (run overrides over defaults) read by a host-side reducer."""
from collections import ChainMap

import jax
import jax.numpy as jnp
import numpy as np

DEFAULTS = {"reduce": np.median, "scale": 1.0}
RUN_OVERRIDES = {"scale": 2.0}
SETTINGS = ChainMap(RUN_OVERRIDES, DEFAULTS)


def robust_summary(block):
    block = np.asarray(block)
    reduce = SETTINGS["reduce"]
    return np.float32(SETTINGS["scale"] * np.asarray(reduce(block)))


def jnp_trimmed_mean(block):
    s = jnp.sort(jnp.asarray(block))
    return s[1:-1].mean()


def apply_cli_overrides(pairs):
    for key, value in pairs:
        RUN_OVERRIDES[key] = value


@jax.jit
def score(x):
    s = jax.pure_callback(robust_summary, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x / s


def z_scores(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def outlier_mask(x, k=2.0):
    return jnp.abs(z_scores(x)) > k


def bootstrap_free_ci(x, z=1.96):
    x = np.asarray(x)
    half = z * x.std(ddof=1) / np.sqrt(x.size)
    return x.mean() - half, x.mean() + half


if __name__ == "__main__":
    apply_cli_overrides([("reduce", jnp_trimmed_mean)])
    print(dict(SETTINGS).keys())
    print(score(jnp.array([1.0, 2.0, 3.0, 10.0, 4.0], dtype=jnp.float32)))
    print(outlier_mask(jnp.array([1.0, 2.0, 3.0, 10.0, 4.0])))
