"""Spring network energy with a custom JVP on a registered state class; pulled back with jax.vjp."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Springs:
    stiffness: jax.Array
    rest: jax.Array


@jax.custom_jvp
def spring_energy(p: Springs, lengths):
    return 0.5 * jnp.sum(p.stiffness * (lengths - p.rest) ** 2)


@spring_energy.defjvp
def spring_energy_jvp(primals, tangents):
    p, lengths = primals
    dp, dlengths = tangents
    stretched = lengths + dlengths
    e = 0.5 * jnp.sum(p.stiffness * (stretched - p.rest) ** 2)
    de = jnp.sum(p.stiffness * (lengths - p.rest) * (dlengths - dp.rest))
    de = de + 0.5 * jnp.sum(dp.stiffness * (lengths - p.rest) ** 2)
    return e, de


p = Springs(jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
lengths = jnp.array([1.2, 0.9])
energy, pullback = jax.vjp(spring_energy, p, lengths)
print(energy, pullback(jnp.float32(1.0)))
