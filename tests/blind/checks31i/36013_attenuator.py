import math
import unittest

import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def attenuate(signal, gain_db=-6.0):
    """Scale `signal` by a gain given in decibels."""
    return signal * 10.0 ** (gain_db / 20.0)


def _attenuate_fwd(signal, gain_db=-6.0):
    factor = 10.0 ** (gain_db / 20.0)
    return signal * factor, (signal, factor)


def _attenuate_bwd(res, g):
    signal, factor = res
    return g * factor, None


attenuate.defvjp(_attenuate_fwd, _attenuate_bwd)


def energy(x):
    return jnp.sum(x ** 2)


def chain(x, stages=(-3.0, -3.0)):
    for db in stages:
        x = attenuate(x, db)
    return x


def tone(n=16, freq=2.0):
    t = np.arange(n) / n
    return jnp.asarray(np.sin(2 * math.pi * freq * t).astype(np.float32))


class AttenuateTest(unittest.TestCase):

    def test_minus_six_db_halves_amplitude(self):
        x = tone()
        np.testing.assert_allclose(attenuate(x), x * 10 ** (-6 / 20), rtol=1e-6)

    def test_chain_equals_sum_of_db(self):
        x = tone()
        np.testing.assert_allclose(chain(x), attenuate(x, -6.0), rtol=1e-5)

    def test_jit_chain(self):
        x = tone()
        np.testing.assert_allclose(jax.jit(chain)(x), chain(x), rtol=1e-6)

    def test_gradient_default_gain(self):
        x = tone()
        g = jax.grad(lambda s: energy(attenuate(s)))(x)
        np.testing.assert_allclose(g, 2 * x * 10 ** (-6 / 10), rtol=1e-4)


if __name__ == "__main__":
    unittest.main()
