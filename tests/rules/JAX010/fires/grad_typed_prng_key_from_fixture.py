"""grad with respect to a typed PRNG key that a test fixture's overridden `make_key` builds.

Re-expresses jax's tests/random_lax_test.py (test_grad_of_prng_key).
"""

import jax


class KeyFixture:
    def make_key(self, seed):
        return jax.random.PRNGKey(seed)


class TypedKeyFixture(KeyFixture):
    def make_key(self, seed):
        return jax.random.key(seed)


class NoiseTest(TypedKeyFixture):
    def test_noise_sensitivity(self):
        key = self.make_key(73)
        noise_scale = jax.grad(lambda k: 2.0 * jax.random.uniform(k))(key)  # EXPECT: JAX010
        return noise_scale


NoiseTest().test_noise_sensitivity()
