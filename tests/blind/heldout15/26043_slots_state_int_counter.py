from dataclasses import dataclass
import jax
import jax.numpy as jnp
from jax.tree_util import register_dataclass


@register_dataclass
@dataclass(slots=True)
class OscState:
    pos: jax.Array
    vel: jax.Array
    step: jax.Array


def energy(s: OscState) -> jax.Array:
    decay = 0.99 ** s.step
    return decay * (0.5 * jnp.sum(s.vel ** 2) + 0.5 * jnp.sum(s.pos ** 2))


s0 = OscState(pos=jnp.array([1.0, 0.0]), vel=jnp.array([0.0, 1.0]), step=jnp.array(3))
print(f"{energy(s0)=:.4f}")
dE = jax.grad(energy)(s0)
print(f"dE/dpos={dE.pos} dE/dvel={dE.vel}")
