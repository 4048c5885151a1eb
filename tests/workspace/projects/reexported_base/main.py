"""A reaction model inherits its audit method from a mixin that the package `chem.diagnostics`
re-exports from its submodule; the method's host callback is reached by jax.grad."""
import jax
import jax.numpy as jnp

from chem.arrhenius import Arrhenius

model = Arrhenius(2.0, 300.0)


def sensitivity(temperature):
    return jnp.sum(model.rate(temperature))  # EXPECT: JAX001


print(jax.grad(sensitivity)(jnp.float32(350.0)))
