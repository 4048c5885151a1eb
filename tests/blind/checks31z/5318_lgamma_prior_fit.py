"""Regularised fit where a host-side log-gamma prior has a custom_jvp; priors stay fixed in the fit."""
import math
import numpy as np
import jax
import jax.numpy as jnp


def _host_lgamma(a):
    a = np.asarray(a)
    return np.array([math.lgamma(float(v)) for v in a.ravel()], dtype=np.float32).reshape(a.shape)


def _host_digamma(a):
    a = np.asarray(a)
    return np.asarray(jax.scipy.special.digamma(a), dtype=np.float32)


@jax.custom_jvp
def lgamma_host(a):
    return jax.pure_callback(_host_lgamma, jax.ShapeDtypeStruct(a.shape, jnp.float32), a)


@lgamma_host.defjvp
def _lgamma_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    slope = jax.pure_callback(_host_digamma, jax.ShapeDtypeStruct(a.shape, jnp.float32), a)
    return lgamma_host(a), slope * da


def objective(shape_params, counts):
    alpha = jax.nn.softplus(shape_params) + 1.0
    fit = jnp.sum((alpha - counts) ** 2)
    prior = jnp.sum(jax.lax.stop_gradient(lgamma_host(alpha)))
    return fit + 0.1 * prior


def batches(n_items, batch_size):
    """Yield (start, stop) index pairs covering range(n_items)."""
    start = 0
    while start < n_items:
        stop = min(start + batch_size, n_items)
        yield start, stop
        start = stop


def moving_average(values, window=3):
    v = np.asarray(values, dtype=float)
    if v.size < window:
        return v
    kernel = np.ones(window) / window
    return np.convolve(v, kernel, mode="valid")


def summarize_history(history, every=1):
    picked = list(history)[::every]
    return {"n": len(picked), "first": picked[0] if picked else None,
            "last": picked[-1] if picked else None}


if __name__ == "__main__":
    theta = jnp.asarray([0.2, 0.5, 1.0], dtype=jnp.float32)
    counts = jnp.asarray([2.0, 3.0, 4.0], dtype=jnp.float32)
    for it in range(2):
        val, g = jax.value_and_grad(objective)(theta, counts)
        theta = theta - 0.05 * g
        print(it, val, theta)
