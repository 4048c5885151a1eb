"""A reaction model inherits its audit method from the traced mixin that `chem.diagnostics`
re-exports beside the host one: jax.grad differentiates it."""
import jax
import jax.numpy as jnp

from chem.arrhenius import Arrhenius

model = Arrhenius(2.0, 300.0)


def sensitivity(temperature):
    return jnp.sum(model.rate(temperature))


print(jax.grad(sensitivity)(jnp.float32(350.0)))
