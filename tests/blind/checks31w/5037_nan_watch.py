"""NaN/Inf watcher used while debugging an unstable log-likelihood."""
import warnings
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

BAD_EVENTS = []


def _check_finite(tag, values):
    v = np.asarray(values)
    if not np.all(np.isfinite(v)):
        BAD_EVENTS.append((int(np.asarray(tag)), int((~np.isfinite(v)).sum())))
        warnings.warn(f"non-finite values at tag {int(np.asarray(tag))}")


def watch(values, tag):
    jax.debug.callback(_check_finite, tag, values, ordered=True)
    return values


def student_t_logpdf(x, df, scale):
    z = x / scale
    return (
        jax.scipy.special.gammaln((df + 1) / 2)
        - jax.scipy.special.gammaln(df / 2)
        - 0.5 * jnp.log(df * jnp.pi)
        - jnp.log(scale)
        - (df + 1) / 2 * jnp.log1p(z ** 2 / df)
    )


def loglik(params, data):
    df, log_scale = params
    lp = student_t_logpdf(data, df, jnp.exp(log_scale))
    lp = watch(lp, 1)
    return jnp.sum(lp)


def linear_warmup(step, warmup=10, peak=1e-2):
    frac = min(1.0, (step + 1) / warmup)
    return peak * frac


def cosine_decay(step, total=100, base=1e-2, floor=1e-4):
    import math

    t = min(step, total) / total
    return floor + 0.5 * (base - floor) * (1.0 + math.cos(math.pi * t))


if __name__ == "__main__":
    data = jnp.array([0.3, -1.2, 2.5, 0.1, -0.4])
    grid = jnp.stack([jnp.array([1.0, 2.0, 5.0, 30.0]), jnp.zeros(4)], axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ll = jax.vmap(loglik, in_axes=(0, None))(grid, data)
    print(ll, BAD_EVENTS)
