"""Keyword sets for host callbacks built by a function with a shared default."""
import jax
import jax.numpy as jnp
import numpy as np


def callback_kwargs(extra=None):
    extra = {} if extra is None else extra
    extra.setdefault("vmap_method", "sequential")
    return extra


def host_cummax(x):
    x = np.asarray(x)
    return np.maximum.accumulate(x).astype(np.float32)


def host_cumsum(x, **_):
    x = np.asarray(x)
    return np.cumsum(x).astype(np.float32)


SUM_KW = callback_kwargs()
SUM_KW["vectorized"] = True
MAX_KW = callback_kwargs()


def drawdown(prices):
    spec = jax.ShapeDtypeStruct(prices.shape, jnp.float32)
    peak = jax.pure_callback(host_cummax, spec, prices, **MAX_KW)
    pnl = jax.pure_callback(host_cumsum, spec, jnp.diff(prices, prepend=prices[0]), **SUM_KW)
    return jnp.max(peak - prices), pnl[-1]


def returns(prices):
    return jnp.diff(jnp.log(prices))


def sharpe(r, eps=1e-8):
    return jnp.mean(r) / (jnp.std(r) + eps)


def max_drawdown_reference(prices):
    prices = np.asarray(prices)
    peak = np.maximum.accumulate(prices)
    return float(np.max(peak - prices))


if __name__ == "__main__":
    p = jnp.array([10.0, 12.0, 9.0, 11.0, 8.0], dtype=jnp.float32)
    print(jax.jit(drawdown)(p))
    print(sharpe(returns(p)))
