"""Special-function kernels whose JVP rules are discovered by name.

Every function named `jvp_<kernel>` is registered as the JVP rule of
`<kernel>` when the module loads.
"""
import inspect
import sys

import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def log1pexp(x):
    return jnp.logaddexp(0.0, x)


@jax.custom_jvp
def sinc_safe(x):
    return jnp.where(x == 0, 1.0, jnp.sin(x) / jnp.where(x == 0, 1.0, x))


def jvp_log1pexp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return log1pexp(x), jax.nn.sigmoid(x) * dx


def jvp_sinc_safe(primals):
    (x,) = primals
    safe = jnp.where(x == 0, 1.0, x)
    slope = jnp.where(x == 0, 0.0, (jnp.cos(safe) - jnp.sin(safe) / safe) / safe)
    return sinc_safe(x), slope


def _register(prefix="jvp_"):
    module = sys.modules[__name__]
    found = []
    for name, rule in inspect.getmembers(module, inspect.isfunction):
        if name.startswith(prefix):
            getattr(module, name[len(prefix):]).defjvp(rule)
            found.append(name)
    return found


REGISTERED = _register()
KERNEL = "log1pexp"


def smoothness(w, grid):
    kernel = vars(sys.modules[__name__])[KERNEL]
    return jnp.sum(kernel(w * grid) ** 2)


if __name__ == "__main__":
    grid = jnp.linspace(-2.0, 2.0, 7)
    w = jnp.float32(1.3)
    for _ in range(3):
        w = w - 0.05 * jax.grad(smoothness)(w, grid)
    print("registered", REGISTERED, "w", float(w))
