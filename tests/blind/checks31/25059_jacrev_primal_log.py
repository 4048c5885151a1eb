import jax
import jax.numpy as jnp
from jax.experimental import io_callback

energies = []


def _record(e):
    energies.append(float(e))


def energy(pos):
    e = 0.5 * jnp.sum(pos ** 2) + jnp.sum(jnp.cos(pos))
    io_callback(_record, None, jax.lax.stop_gradient(e), ordered=True)
    return e


forces = jax.jacrev(energy)(jnp.array([0.1, 0.5, 1.0]))
print(forces, energies)
