"""unittest collects every TestCase subclass, also one derived from the module's own base
(`IntegerInputs(GradChecks)`, neither named `Test...` nor ending in `TestCase`): its test
differentiates an integer input, and JAX raises. (Re-expressed from jax-ml/jax's
tests/random_lax_test.py, whose PRNG test classes derive from a common base.)"""
import sys
import unittest

import jax
import jax.numpy as jnp


def energy(x):
    return jnp.sum(x * x)


class GradChecks(unittest.TestCase):
    def check_grad(self, x):
        return jax.grad(energy)(x)


class IntegerInputs(GradChecks):
    def test_counts(self):
        counts = jnp.arange(3)
        self.assertEqual(jax.grad(energy)(counts).shape, (3,))  # EXPECT: JAX010


if __name__ == "__main__":
    # the test loader collects the module's test cases; `debug()` runs them letting errors
    # propagate (as `unittest.main()` would report them)
    unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]).debug()
