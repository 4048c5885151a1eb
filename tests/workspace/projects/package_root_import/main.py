"""An epidemic model's package imports its own reporting module by its absolute name
(`from sir.io import reporting`): the module's host callback is reached by jax.grad."""
import jax
import jax.numpy as jnp

from sir.simulate import infections

observed = jnp.linspace(0.01, 0.2, 20)


def misfit(beta):
    return jnp.sum((infections(beta) - observed) ** 2)  # EXPECT: JAX001


print(jax.grad(misfit)(jnp.float32(0.3)))
