"""The host's detailed branch runs only if its logger lets INFO records through; the logger's
level is INFO, so its jnp norm runs."""
import logging

import jax
import jax.numpy as jnp
import numpy as np

log = logging.getLogger(__name__)
log.setLevel(logging.INFO)


def report(x):
    x = np.asarray(x)
    log.warning("max %.3f", np.abs(x).max())
    if log.isEnabledFor(logging.INFO):
        log.info("norm %.3f", float(jnp.linalg.norm(jnp.asarray(x))))  # EXPECT: JAX011


@jax.jit
def step(x):
    jax.debug.callback(report, x)
    return x * 0.5


print(step(jnp.arange(3.0)))
