"""Tests for the host-side analytic-signal envelope used by the AM demodulator."""
import unittest

import numpy as np
import jax
import jax.numpy as jnp


def _analytic_spectrum_mask(n):
    h = np.zeros(n)
    if n % 2 == 0:
        h[0] = h[n // 2] = 1.0
        h[1:n // 2] = 2.0
    else:
        h[0] = 1.0
        h[1:(n + 1) // 2] = 2.0
    return h


def _inverse(spec):
    return jnp.fft.ifft(spec)


def envelope_host(x):
    x = np.asarray(x, dtype=np.float64)
    spec = np.fft.fft(x) * _analytic_spectrum_mask(x.shape[-1])
    analytic = np.asarray(_inverse(spec))
    return np.abs(analytic).astype(np.float32)


def envelope(x):
    return jax.pure_callback(envelope_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


def demodulate(x, carrier_hz, fs):
    env = envelope(x)
    return env - jnp.mean(env)


def make_am(fs=256.0, n=256, fc=32.0, fm=2.0, depth=0.5):
    t = np.arange(n) / fs
    msg = np.cos(2 * np.pi * fm * t)
    return jnp.asarray((1 + depth * msg) * np.cos(2 * np.pi * fc * t), dtype=jnp.float32), msg


class EnvelopeTest(unittest.TestCase):

    def setUp(self):
        self.signal, self.message = make_am()

    def assertAllClose(self, a, b, atol=1e-5):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=atol)

    def test_constant_carrier_has_flat_envelope(self):
        t = np.arange(128) / 128.0
        x = jnp.asarray(np.cos(2 * np.pi * 16 * t), dtype=jnp.float32)
        env = jax.jit(envelope)(x)
        self.assertAllClose(env[8:-8], np.ones(112), atol=1e-3)

    def test_recovers_message(self):
        out = jax.jit(demodulate, static_argnums=(1, 2))(self.signal, 32.0, 256.0)
        corr = np.corrcoef(np.asarray(out)[16:-16], self.message[16:-16])[0, 1]
        self.assertGreater(corr, 0.99)

    def test_batched(self):
        batch = jnp.stack([self.signal, 2.0 * self.signal])
        env = jax.vmap(envelope)(batch)
        self.assertAllClose(env[1], 2.0 * env[0], atol=1e-4)

    def test_shape_preserved(self):
        self.assertEqual(envelope(self.signal).shape, self.signal.shape)


if __name__ == "__main__":
    unittest.main()
