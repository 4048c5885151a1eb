"""The host tests `if status:`: Python calls the object's `__bool__`, which compares with jnp."""
import jax
import jax.numpy as jnp
import numpy as np


class Status:
    def __init__(self, tol):
        self.tol = tol
        self.last = 1.0

    def __bool__(self):
        return bool(jnp.asarray(self.last) > self.tol)  # EXPECT: JAX011


STATUS = Status(1e-3)


def host_step(x):
    x = np.asarray(x)
    STATUS.last = float(np.abs(x).max())
    if STATUS:
        return (0.5 * x).astype(np.float32)
    return x.astype(np.float32)


@jax.jit
def step(x):
    return jax.pure_callback(host_step, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(step(jnp.ones(3)))
