"""jacrev with respect to typed keys made by jax's private `random_seed` and split.

Re-expresses jax's tests/random_lax_test.py (CustomPRNGTest.test_grad_of_prng_key, whose
fixture seeds a key with `jax._src.random.prng.random_seed`).
"""

import jax
from jax._src.random import prng as prng_internal
from jax._src.random.threefry2x32 import threefry_prng_impl


def make_keys(seed, n):
    return jax.random.split(prng_internal.random_seed(seed, impl=threefry_prng_impl), n)


def draws(keys):
    return jax.vmap(jax.random.normal)(keys)


keys = make_keys(0, 3)
jacobian = jax.jacrev(draws)(keys)  # EXPECT: JAX010
