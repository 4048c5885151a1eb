"""Wave-equation leapfrog with rematerialised blocks (static substep count) and a host progress hook."""
from functools import partial
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

progress = []


def _tick(block_id):
    progress.append(int(block_id))


@partial(jax.checkpoint, static_argnums=(2,), policy=jax.checkpoint_policies.nothing_saveable)
def wave_block(u_prev, u, n_sub, c=1.0, dx=0.1, dt=0.05):
    io_callback(_tick, None, n_sub)
    for _ in range(n_sub):
        lap = (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx ** 2
        u_prev, u = u, 2 * u - u_prev + (c * dt) ** 2 * lap
    return u_prev, u


def misfit(u0, observed):
    u_prev, u = u0, u0
    for _ in range(4):
        u_prev, u = wave_block(u_prev, u, 5)
    return jnp.mean((u - observed) ** 2)


x = jnp.linspace(-1, 1, 32)
u0 = jnp.exp(-20 * x ** 2)
observed = jnp.exp(-20 * (x - 0.3) ** 2)
print(misfit(u0, observed))
g = jax.grad(misfit)(u0, observed)
print(jnp.linalg.norm(g), progress)
