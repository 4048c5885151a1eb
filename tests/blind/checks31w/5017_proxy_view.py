"""Read-only view of a run configuration handed to the instrumentation layer."""
import types
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_run_config = {"sequential_logs": False, "beta": 0.9}
CONFIG = types.MappingProxyType(dict(_run_config))
LOGGED = []


def _write(x):
    LOGGED.append(np.asarray(x).tolist())
    return np.asarray(x)


def log_through(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return io_callback(_write, spec, x, ordered=CONFIG["sequential_logs"])


def ema(series, beta):
    def step(m, v):
        m = beta * m + (1 - beta) * v
        return m, m

    _, out = jax.lax.scan(step, series[0], series)
    return out


def smoothed(series):
    out = ema(series, CONFIG["beta"])
    return log_through(out[-1])


def configure(**changes):
    _run_config.update(changes)


def l2_regularizer(tree, scale=1e-4):
    leaves = jax.tree_util.tree_leaves(tree)
    return scale * sum(jnp.sum(jnp.square(leaf)) for leaf in leaves)


def count_parameters(tree):
    return sum(int(jnp.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree))


def check_finite(tree):
    return all(bool(jnp.all(jnp.isfinite(leaf))) for leaf in jax.tree_util.tree_leaves(tree))


if __name__ == "__main__":
    configure(sequential_logs=True)
    data = jnp.cumsum(jnp.ones((3, 10)) * jnp.array([[0.1], [0.2], [-0.1]]), axis=1)
    print(jax.vmap(smoothed)(data), LOGGED)
