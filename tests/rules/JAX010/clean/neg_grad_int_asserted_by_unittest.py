"""A test that asserts the error JAX raises: `grad` of an integer input inside
`with self.assertRaisesRegex(TypeError, ...)`, and in `assertRaises`'s call form; the test
passes, so there is nothing to report. (Re-expressed from jax-ml/jax's
tests/random_lax_test.py `test_grad_of_prng_key`.)"""
import unittest

import jax
import jax.numpy as jnp


def energy(x):
    return jnp.sum(x * x)


class GradChecks(unittest.TestCase):
    pass


class IntegerInputs(GradChecks):
    def test_grad_refuses_integers(self):
        counts = jnp.arange(3)
        with self.assertRaisesRegex(TypeError, "grad requires real- or complex-valued inputs"):
            jax.grad(energy)(counts)
        self.assertRaises(TypeError, lambda: jax.grad(energy)(counts))
        out = jax.grad(energy)(counts.astype(jnp.float32))
        self.assertEqual(out.shape, (3,))


if __name__ == "__main__":
    unittest.main()
