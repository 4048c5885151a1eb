# Models: piecewise constitutive law via lax.switch where the regime index is chosen on the host by a lookup of the (stop_gradient'ed) strain; stiffness via jax.grad
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

MODULUS, YIELD, HARDEN = 200.0, 1.0, 20.0
_THRESHOLDS = np.array([YIELD / MODULUS, 3 * YIELD / MODULUS], dtype=np.float32)


def _classify(strain):
    return np.int32(np.searchsorted(_THRESHOLDS, np.abs(np.asarray(strain))))


def host_regime(strain):
    frozen = lax.stop_gradient(strain)
    return jax.pure_callback(_classify, jax.ShapeDtypeStruct((), jnp.int32), frozen)


BRANCHES = (
    lambda e: MODULUS * e,
    lambda e: jnp.sign(e) * (YIELD + HARDEN * (jnp.abs(e) - YIELD / MODULUS)),
    lambda e: jnp.sign(e) * (YIELD + 0.5 * HARDEN * (jnp.abs(e) - YIELD / MODULUS)),
)


def constitutive(strain):
    return lax.switch(host_regime(strain), BRANCHES, strain)


stiffness_at = jax.jit(jax.grad(constitutive))


def tangent_stiffness(strains):
    # one strain at a time: the host classifier is scalar-only
    return jnp.stack([stiffness_at(s) for s in strains])


if __name__ == "__main__":
    strains = jnp.array([0.001, 0.007, 0.02], jnp.float32)
    print(tangent_stiffness(strains))
