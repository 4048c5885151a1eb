"""Bisection for a quantile of a host-evaluated CDF inside lax.while_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from scipy import stats


def host_cdf(x, df):
    x = np.asarray(x, dtype=np.float64)
    return stats.t.cdf(x, df=float(np.asarray(df))).astype(np.float32)


def cdf(x, df):
    return jax.pure_callback(host_cdf, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, df,
                             vectorized=True)


def quantile(p, df, lo, hi, tol=1e-4):
    def cond(s):
        lo, hi, it = s
        return (jnp.max(hi - lo) > tol) & (it < 60)

    def body(s):
        lo, hi, it = s
        mid = 0.5 * (lo + hi)
        below = cdf(mid, df) < p
        return jnp.where(below, mid, lo), jnp.where(below, hi, mid), it + 1

    lo, hi, it = lax.while_loop(cond, body, (lo, hi, jnp.int32(0)))
    return 0.5 * (lo + hi), it


if __name__ == "__main__":
    p = jnp.array([0.9, 0.95, 0.99])
    lo = jnp.full(3, -10.0)
    hi = lo + 5e-5  # bracket already tight from a cached table
    q, it = jax.jit(quantile)(p, 4.0, lo, hi)
    print(np.round(np.asarray(q), 3), int(it))
