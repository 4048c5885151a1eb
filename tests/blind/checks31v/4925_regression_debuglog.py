"""Gradient descent on a small regression, with a debug logger fed from the device."""
import logging

import jax
import jax.numpy as jnp
import numpy as np

logging.basicConfig(format="%(name)s %(levelname)s %(message)s")
log = logging.getLogger("fit")
log.setLevel(logging.INFO)


def report_grad(step, grad):
    step = int(np.asarray(step))
    grad = np.asarray(grad)
    log.info("step %d |g|_inf=%.3e", step, np.abs(grad).max())
    if log.isEnabledFor(logging.DEBUG):
        spectrum = jnp.linalg.svd(jnp.outer(grad, grad), compute_uv=False)
        log.debug("step %d top singular value %.4f", step, float(spectrum[0]))


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def update(step, w, x, y):
    g = jax.grad(loss)(w, x, y)
    jax.debug.callback(report_grad, step, g)
    return w - 0.1 * g


def data(key, n=16, d=3):
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    w_true = jnp.arange(1.0, d + 1)
    return x, x @ w_true + 0.01 * jax.random.normal(kn, (n,))


def closed_form(x, y):
    return jnp.linalg.lstsq(x, y)[0]


def r_squared(w, x, y):
    resid = y - x @ w
    return 1.0 - jnp.sum(resid ** 2) / jnp.sum((y - y.mean()) ** 2)


if __name__ == "__main__":
    x, y = data(jax.random.PRNGKey(1))
    w = jnp.zeros(3)
    for s in range(3):
        w = update(s, w, x, y)
    print(w)
    print(closed_form(x, y), r_squared(w, x, y))
