"""Monte-Carlo option pricer whose host payoff routine is configured with enum.Flag bits."""
import enum

import numpy as np
import jax
import jax.numpy as jnp


class Mode(enum.Flag):
    ASIAN = enum.auto()
    BATCH = enum.auto()
    TRACE = enum.auto()


def _payoff(paths, strike):
    p = np.asarray(paths)
    avg = p.mean(axis=-1)
    return np.maximum(avg - float(np.asarray(strike)), 0.0).astype(np.float32)


def payoff_call(paths, strike, mode: Mode):
    kw = {}
    if Mode.BATCH in mode:
        kw["vectorized"] = True
    spec = jax.ShapeDtypeStruct(paths.shape[:-1], jnp.float32)
    return jax.pure_callback(_payoff, spec, paths, strike, **kw)


def simulate(key, n_paths=4, n_steps=5, s0=1.0, vol=0.2):
    z = jax.random.normal(key, (n_paths, n_steps))
    return s0 * jnp.exp(jnp.cumsum(vol * z * 0.1, axis=-1))


def price(key, strike, mode=Mode.ASIAN):
    paths = simulate(key)
    return jnp.mean(payoff_call(paths, strike, mode))


def check_finite(tree_like, where="output"):
    """Raise early with a readable message if a result contains NaN or inf."""
    leaves = tree_like.values() if isinstance(tree_like, dict) else [tree_like]
    for leaf in leaves:
        if not np.all(np.isfinite(np.asarray(leaf))):
            raise FloatingPointError(f"non-finite values in {where}")
    return True


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"



if __name__ == "__main__":
    mode = Mode.ASIAN | Mode.TRACE
    print(round(float(jax.jit(price, static_argnums=2)(jax.random.key(1), 1.0, mode)), 5))
