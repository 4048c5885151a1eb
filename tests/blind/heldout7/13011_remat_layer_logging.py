"""Deep implicit-Euler heat-equation unroll with gradient checkpointing per step; each
step reports its residual norm through an io_callback to a monitor object."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Monitor:
    def __init__(self):
        self.history = []

    def __call__(self, k):
        self.history.append(int(k))
        return np.int32(0)


monitor = Monitor()
N = 16
lap = (jnp.diag(-2.0 * jnp.ones(N)) + jnp.diag(jnp.ones(N - 1), 1) + jnp.diag(jnp.ones(N - 1), -1))


@jax.checkpoint
def heat_step(u, kappa, k):
    io_callback(monitor, jax.ShapeDtypeStruct((), jnp.int32), k)
    A = jnp.eye(N) - 0.1 * kappa * lap
    return jnp.linalg.solve(A, u)


def final_heat(kappa):
    u = jnp.exp(-((jnp.arange(N) - N / 2) ** 2) / 4.0)
    for k in range(4):
        u = heat_step(u, kappa, k)
    return jnp.sum(u ** 2)


print(final_heat(0.5))
print(jax.grad(final_heat)(0.5))
