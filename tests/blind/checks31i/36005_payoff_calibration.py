"""Tests for a batched pricing kernel that reports its calibration on the host."""
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

CALIBRATION_LOG = []


def _log_calibration(vol, rate):
    CALIBRATION_LOG.append((float(np.asarray(vol)), float(np.asarray(rate))))
    return np.float32(np.asarray(vol))


def discounted_payoff(inputs):
    """inputs: {'spot': batched, 'strike': batched, 'vol': shared, 'rate': shared}"""
    vol = io_callback(_log_calibration, jax.ShapeDtypeStruct((), jnp.float32),
                      inputs["vol"], inputs["rate"], ordered=True)
    fwd = inputs["spot"] * jnp.exp(inputs["rate"])
    intrinsic = jnp.maximum(fwd - inputs["strike"], 0.0)
    return jnp.exp(-inputs["rate"]) * (intrinsic + 0.4 * vol * inputs["spot"])


AXES = {"spot": 0, "strike": 0, "vol": None, "rate": None}
batched_payoff = jax.vmap(discounted_payoff, in_axes=(AXES,))


def build_inputs(n=5):
    return {"spot": jnp.linspace(90.0, 110.0, n, dtype=jnp.float32),
            "strike": jnp.full((n,), 100.0, jnp.float32),
            "vol": jnp.float32(0.2),
            "rate": jnp.float32(0.01)}


class PayoffTest(unittest.TestCase):

    def setUp(self):
        CALIBRATION_LOG.clear()
        self.inputs = build_inputs()

    def test_shape(self):
        self.assertEqual(batched_payoff(self.inputs).shape, (5,))

    def test_monotone_in_spot(self):
        out = np.asarray(batched_payoff(self.inputs))
        self.assertTrue(np.all(np.diff(out) > 0))

    def test_calibration_logged_once(self):
        jax.jit(batched_payoff)(self.inputs).block_until_ready()
        self.assertEqual(len(CALIBRATION_LOG), 1)
        self.assertAlmostEqual(CALIBRATION_LOG[0][0], 0.2, places=5)

    def test_matches_unbatched(self):
        one = {k: (v[2] if AXES[k] == 0 else v) for k, v in self.inputs.items()}
        np.testing.assert_allclose(batched_payoff(self.inputs)[2], discounted_payoff(one), rtol=1e-6)


if __name__ == "__main__":
    unittest.main()
