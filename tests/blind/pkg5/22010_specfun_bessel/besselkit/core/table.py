import jax
import jax.numpy as jnp

from besselkit.core import host
from ..rules.jvp import i0e_tangent

i0e = jax.custom_jvp(host.host_i0e)
i0e.defjvp(i0e_tangent)

_TABLE = {
    "i0e": i0e,
    "exp_decay": lambda z: jnp.exp(-z),
}


def lookup(kind):
    return _TABLE[kind]
