"""An epidemic model's package imports its own reporting module by its absolute name
(`from sir.io import smoothing`) beside the one with a host callback: jax.grad differentiates it."""
import jax
import jax.numpy as jnp

from sir.simulate import infections

observed = jnp.linspace(0.01, 0.2, 20)


def misfit(beta):
    return jnp.sum((infections(beta) - observed) ** 2)


print(jax.grad(misfit)(jnp.float32(0.3)))
