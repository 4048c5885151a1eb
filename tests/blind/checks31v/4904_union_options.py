"""Options merged with the dict union operators before calling a host quantile."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import stats


def host_quantile(x):
    x = np.asarray(x)
    return np.float32(stats.mstats.mquantiles(x, prob=[0.75])[0])


def host_iqr(x):
    x = np.asarray(x)
    return np.float32(stats.iqr(x))


BASE = {"vmap_method": "sequential"}


def opts_for(kind, opts):
    if kind == "legacy":
        opts |= {"vectorized": True}
    return opts


@jax.jit
def robust_scale(x):
    opts = dict(BASE)
    spread = jax.pure_callback(host_iqr, jax.ShapeDtypeStruct((), jnp.float32), x)
    legacy = opts_for("legacy", opts)
    q = jax.pure_callback(host_quantile, jax.ShapeDtypeStruct((), jnp.float32), x, **opts)
    return (x - q) / spread, jnp.int32(len(legacy))


def mad(x):
    med = jnp.median(x)
    return jnp.median(jnp.abs(x - med))


def winsorize(x, lo=0.05, hi=0.95):
    a, b = np.quantile(np.asarray(x), [lo, hi])
    return np.clip(np.asarray(x), a, b)


def robust_range(x):
    return jnp.percentile(x, 95) - jnp.percentile(x, 5)


if __name__ == "__main__":
    z, n_opts = robust_scale(jnp.array([1.0, 2.0, 2.5, 4.0, 10.0], dtype=jnp.float32))
    print(z, n_opts)
    print(mad(jnp.array([1.0, 2.0, 9.0])), winsorize([1.0, 2.0, 50.0]))
