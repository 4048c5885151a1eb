"""A bwd that also returns a cotangent for its nondiff_argnums argument (JAX wants none)."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def power(n, x):
    return x ** n


def power_fwd(n, x):
    return x ** n, x


def power_bwd(n, x, g):  # EXPECT: JAX014
    return None, n * x ** (n - 1) * g


power.defvjp(power_fwd, power_bwd)

print(jax.grad(power, argnums=1)(3, 2.0))
