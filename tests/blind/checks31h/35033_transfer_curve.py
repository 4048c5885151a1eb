import unittest

import numpy as np
import jax
import jax.numpy as jnp


class TransferLUT:
    """Piecewise sRGB decode, evaluated on the host through a lookup table."""

    def __init__(self, size=4096, gamma=2.4):
        self.size = size
        self.gamma = gamma
        self.table = self._build_table()

    def _build_table(self):
        grid = jnp.linspace(0.0, 1.0, self.size)
        lin = jnp.where(grid <= 0.04045, grid / 12.92, ((grid + 0.055) / 1.055) ** self.gamma)
        return np.asarray(lin, dtype=np.float64)

    def host_decode(self, rgb):
        rgb = np.asarray(rgb, dtype=np.float64)
        idx = np.clip(np.rint(rgb * (self.size - 1)), 0, self.size - 1).astype(np.int64)
        return self.table[idx].astype(np.float32)

    def decode(self, rgb):
        return jax.pure_callback(self.host_decode, jax.ShapeDtypeStruct(rgb.shape, jnp.float32),
                                 rgb, vmap_method="expand_dims")


def reference_decode(c):
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def luminance(lin_rgb):
    return lin_rgb @ jnp.array([0.2126, 0.7152, 0.0722])


def random_image(seed=0, h=4, w=5):
    return jnp.asarray(np.random.default_rng(seed).random((h, w, 3)), dtype=jnp.float32)


class TransferLUTTest(unittest.TestCase):

    def setUp(self):
        self.lut = TransferLUT()
        self.img = random_image()

    def assertClose(self, a, b, tol=1e-3):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=tol)

    def test_matches_reference(self):
        got = jax.jit(self.lut.decode)(self.img)
        self.assertClose(got, reference_decode(self.img))

    def test_endpoints(self):
        got = self.lut.decode(jnp.array([0.0, 1.0], dtype=jnp.float32))
        self.assertClose(got, [0.0, 1.0], tol=1e-6)

    def test_luminance_monotone(self):
        ramp = jnp.linspace(0.0, 1.0, 9)[:, None] * jnp.ones((1, 3))
        y = jax.jit(lambda r: luminance(self.lut.decode(r)))(ramp)
        self.assertTrue(np.all(np.diff(np.asarray(y)) >= 0))

    def test_size_attribute(self):
        self.assertEqual(TransferLUT(size=16).size, 16)


if __name__ == "__main__":
    unittest.main()
