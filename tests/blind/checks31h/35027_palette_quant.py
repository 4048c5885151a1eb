"""Palette quantisation: host k-means codebook vs. traced nearest-colour lookup."""
import unittest

import numpy as np
import jax
import jax.numpy as jnp

PALETTE = np.array([[0, 0, 0], [255, 255, 255], [220, 40, 40], [40, 200, 60],
                    [30, 60, 210], [240, 220, 30]], dtype=np.float32) / 255.0


def nearest_index(pixels):
    px = np.asarray(pixels, dtype=np.float32)
    d = ((px[..., None, :] - PALETTE) ** 2).sum(-1)
    return d.argmin(-1).astype(np.int32)


def dither_noise(shape_like, amplitude=0.02):
    x = np.asarray(shape_like)
    rng = np.random.default_rng(x.size)
    return (amplitude * rng.standard_normal(x.shape)).astype(np.float32)


def refine_palette(pixels, labels):
    px = np.asarray(pixels, dtype=np.float64).reshape(-1, 3)
    lab = np.asarray(labels).reshape(-1)
    out = PALETTE.astype(np.float64).copy()
    for k in range(len(PALETTE)):
        members = px[lab == k]
        if len(members):
            out[k] = members.mean(0)
    return out.astype(np.float32)


def quantize(img, idx):
    return jnp.asarray(PALETTE)[idx]


class QuantTest(unittest.TestCase):

    def setUp(self):
        rng = np.random.default_rng(7)
        self.img = jnp.asarray(rng.random((6, 6, 3)), dtype=jnp.float32)

    def _call_host(self, fn, out_shape, out_dtype, *args, **opts):
        spec = jax.ShapeDtypeStruct(out_shape, out_dtype)
        return jax.pure_callback(fn, spec, *args, **opts)

    def test_indices_in_range(self):
        idx = jax.jit(lambda im: self._call_host(nearest_index, im.shape[:-1], jnp.int32, im))(self.img)
        self.assertTrue(bool(jnp.all((idx >= 0) & (idx < len(PALETTE)))))

    def test_quantize_palette_pixels_exact(self):
        pal = jnp.asarray(PALETTE)[None]
        idx = self._call_host(nearest_index, pal.shape[:-1], jnp.int32, pal,
                              vmap_method="expand_dims")
        np.testing.assert_array_equal(np.asarray(idx[0]), np.arange(len(PALETTE)))

    def test_dither_is_small(self):
        noise = jax.jit(lambda im: self._call_host(dither_noise, im.shape, jnp.float32, im,
                                                  vectorized=True))(self.img)
        self.assertLess(float(jnp.abs(noise).max()), 0.2)

    def test_refine_moves_towards_data(self):
        idx = self._call_host(nearest_index, self.img.shape[:-1], jnp.int32, self.img)
        new = self._call_host(refine_palette, PALETTE.shape, jnp.float32, self.img, idx)
        err_old = jnp.mean((quantize(self.img, idx) - self.img) ** 2)
        err_new = jnp.mean((new[idx] - self.img) ** 2)
        self.assertLessEqual(float(err_new), float(err_old) + 1e-7)


if __name__ == "__main__":
    unittest.main()
