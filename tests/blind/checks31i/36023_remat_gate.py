"""Tests for the gated linear unit with a memory-lean custom VJP."""
import unittest

import numpy as np
from absl.testing import parameterized
import jax
import jax.numpy as jnp


def _glu_impl(a, b):
    return a * jax.nn.sigmoid(b)


@jax.custom_vjp
def glu(a, b):
    return _glu_impl(a, b)


def glu_fwd(a, b):
    return _glu_impl(a, b), (a, b)


def glu_bwd(res, g, *, eps=0.0):
    a, b = res
    s = jax.nn.sigmoid(b)
    return g * s, g * a * s * (1.0 - s) + eps


glu.defvjp(glu_fwd, glu_bwd, optimize_remat=True)


@jax.custom_vjp
def glu_fast(a, b):
    return _glu_impl(a, b)


def glu_fast_bwd(res, g, cache=None):
    a, b = res
    s = cache if cache is not None else jax.nn.sigmoid(b)
    return g * s, g * a * s * (1.0 - s)


glu_fast.defvjp(glu_fwd, glu_fast_bwd, optimize_remat=True)


def mlp(params, x, gate):
    h = x @ params["w_in"]
    a, b = jnp.split(h, 2, axis=-1)
    return jnp.sum(gate(a, b) @ params["w_out"])


def init(key, d=3, h=4):
    k1, k2 = jax.random.split(key)
    return {"w_in": 0.3 * jax.random.normal(k1, (d, 2 * h)), "w_out": 0.3 * jax.random.normal(k2, (h,))}


class GluTest(parameterized.TestCase):

    def setUp(self):
        super().setUp()
        self.params = init(jax.random.PRNGKey(0))
        self.x = jnp.ones((2, 3))

    def test_forward_same(self):
        np.testing.assert_allclose(mlp(self.params, self.x, glu), mlp(self.params, self.x, glu_fast), rtol=1e-6)

    @parameterized.named_parameters(("reference", "ref"), ("fast", "fast"))
    def test_grad_matches_autodiff(self, which):
        gate = {"ref": glu, "fast": glu_fast}[which]
        got = jax.grad(mlp)(self.params, self.x, gate)
        want = jax.grad(mlp)(self.params, self.x, _glu_impl)
        for k in want:
            np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    unittest.main()
