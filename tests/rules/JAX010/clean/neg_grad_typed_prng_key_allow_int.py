"""grad with respect to a typed PRNG key with allow_int=True: its gradient is a float0 zero
(near miss of grad_typed_prng_key_from_fixture.py; jax's tests/random_lax_test.py checks it)."""

import jax


def sample(key):
    return 2.0 * jax.random.uniform(key)


key = jax.random.key(73)
zero = jax.grad(sample, allow_int=True)(key)
print(zero.dtype)
