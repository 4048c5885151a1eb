"""Gradient tests for the activation zoo."""
import numpy as np
from absl.testing import absltest, parameterized

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softsign(x):
    return x / (1.0 + jnp.abs(x))


@softsign.defjvp
def _softsign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softsign(x), t / (1.0 + jnp.abs(x)) ** 2


@jax.custom_jvp
def squareplus(x, b=4.0):
    return 0.5 * (x + jnp.sqrt(x * x + b))


@squareplus.defjvp
def _squareplus_jvp(primals, tangents):
    x, b = primals
    tx, tb = tangents
    root = jnp.sqrt(x * x + b)
    return 0.5 * (x + root), 0.5 * (1.0 + x / root) * tx + 0.25 * tb / root


@jax.custom_jvp
def bent_identity(x):
    return (jnp.sqrt(x * x + 1.0) - 1.0) / 2.0 + x


@bent_identity.defjvp
def _bent_identity_jvp(primals, tangents):
    x, = primals
    t, = tangents
    slope = x / (2.0 * jnp.sqrt(x * x + 1.0)) + 1.0
    return bent_identity(x), slope * t


REFERENCE = {
    "softsign": lambda x: x / (1.0 + np.abs(x)),
    "squareplus": lambda x: 0.5 * (x + np.sqrt(x * x + 4.0)),
    "bent_identity": lambda x: (np.sqrt(x * x + 1.0) - 1.0) / 2.0 + x,
}
ACTS = {"softsign": softsign, "squareplus": squareplus, "bent_identity": bent_identity}
GRID = np.linspace(-3.0, 3.0, 7).astype(np.float32)


def numeric_grad(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


class ActivationTest(parameterized.TestCase):

    def assertAllClose(self, a, b, atol=1e-3):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=atol)

    @parameterized.parameters("softsign", "squareplus", "bent_identity")
    def test_forward(self, name):
        self.assertAllClose(jax.vmap(ACTS[name])(jnp.asarray(GRID)), REFERENCE[name](GRID))

    @parameterized.parameters("softsign", "squareplus", "bent_identity")
    def test_gradient(self, name):
        g = jax.vmap(jax.grad(ACTS[name]))(jnp.asarray(GRID))
        self.assertAllClose(g, numeric_grad(REFERENCE[name], GRID.astype(np.float64)))

    def test_squareplus_b_gradient(self):
        g = jax.grad(squareplus, argnums=1)(1.0, 4.0)
        self.assertAllClose(g, 0.25 / np.sqrt(5.0))


if __name__ == "__main__":
    absltest.main()
