import jax.numpy as jnp
from .rates import rate_constants


def reaction_rhs(conc, T):
    k = rate_constants(T)
    a, b, c = conc
    r1 = k[0] * a * b
    r2 = k[1] * c
    return jnp.stack([-r1 + r2, -r1 + r2, r1 - r2])
