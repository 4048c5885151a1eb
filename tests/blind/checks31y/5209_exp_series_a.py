import inspect
from functools import partial
import jax
import jax.numpy as jnp


def _raw_series(x, n_terms, scale):
    k = jnp.arange(n_terms, dtype=x.dtype)
    return scale * jnp.sum(x ** k / jnp.exp(jax.lax.lgamma(k + 1.0)))


PARAMS = list(inspect.signature(_raw_series).parameters)
STATIC = ("n_terms",)
NONDIFF = tuple(PARAMS.index(n) for n in STATIC)

series = partial(jax.custom_vjp, nondiff_argnums=NONDIFF)(_raw_series)


def series_fwd(x, n_terms, scale):
    y = _raw_series(x, n_terms, scale)
    return y, (x, scale, y)


def series_bwd(n_terms, res, g):
    x, scale, y = res
    dx = g * _raw_series(x, n_terms - 1, scale)
    dscale = g * y / scale
    names = PARAMS
    table = {"x": dx, "scale": dscale}
    return tuple(table.get(p) for p in names)


series.defvjp(series_fwd, series_bwd)



SCHEDULE = [(0, 1e-2), (10, 5e-3), (50, 1e-3)]


def learning_rate(step):
    """Piecewise-constant learning-rate schedule (host side)."""
    lr = SCHEDULE[0][1]
    for boundary, value in SCHEDULE:
        if step >= boundary:
            lr = value
    return lr


def clip_by_global_norm(tree, max_norm):
    leaves = jax.tree_util.tree_leaves(tree)
    norm = jnp.sqrt(sum(jnp.sum(x * x) for x in leaves))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-9))
    return jax.tree_util.tree_map(lambda x: x * scale, tree)


if __name__ == "__main__":
    xs = jnp.array([0.1, 0.5, 1.0], jnp.float32)
    f = lambda x, s: series(x, 8, s)
    gx = jax.vmap(jax.grad(f, argnums=(0, 1)), in_axes=(0, None))(xs, jnp.float32(2.0))
    print([g.round(4).tolist() for g in gx])
