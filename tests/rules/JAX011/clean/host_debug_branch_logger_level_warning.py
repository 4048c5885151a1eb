"""The host's detailed branch runs only if its logger lets INFO records through; the logger's
level is WARNING, so only the NumPy line runs."""
import logging

import jax
import jax.numpy as jnp
import numpy as np

log = logging.getLogger(__name__)
log.setLevel(logging.WARNING)


def report(x):
    x = np.asarray(x)
    log.warning("max %.3f", np.abs(x).max())
    if log.isEnabledFor(logging.INFO):
        log.info("norm %.3f", float(jnp.linalg.norm(jnp.asarray(x))))


@jax.jit
def step(x):
    jax.debug.callback(report, x)
    return x * 0.5


print(step(jnp.arange(3.0)))
