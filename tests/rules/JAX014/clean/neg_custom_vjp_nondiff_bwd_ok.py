"""nondiff_argnums: the bwd returns one cotangent, for the differentiable argument only."""
from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def power(n, x):
    return x ** n


def power_fwd(n, x):
    return x ** n, x


def power_bwd(n, x, g):
    return (n * x ** (n - 1) * g,)


power.defvjp(power_fwd, power_bwd)

print(jax.grad(power, argnums=1)(3, 2.0))
