import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class AffineParams:
    def __init__(self, scale, shift):
        self.scale = scale
        self.shift = shift

    def tree_flatten(self):
        return (self.scale, self.shift), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __repr__(self):
        return f"AffineParams(scale={self.scale}, shift={self.shift})"


@jax.custom_vjp
def affine_log1p(params, x):
    return jnp.log1p(jnp.exp(params.scale * x + params.shift))


def _affine_log1p_fwd(params, x):
    z = params.scale * x + params.shift
    return jnp.log1p(jnp.exp(z)), (params, x, z)


def _affine_log1p_bwd(res, g):
    params, x, z = res
    s = jax.nn.sigmoid(z) * g
    # x is the data batch; only the parameters need a cotangent
    return (AffineParams(jnp.sum(s * x), jnp.sum(s)),)


affine_log1p.defvjp(_affine_log1p_fwd, _affine_log1p_bwd)


def make_params(scale=1.5, shift=-0.5):
    return AffineParams(jnp.float32(scale), jnp.float32(shift))


def reference(params, x):
    return np.log1p(np.exp(float(params.scale) * np.asarray(x) + float(params.shift)))


class AffineLog1pTest(unittest.TestCase):

    def setUp(self):
        self.params = make_params()
        self.x = jnp.linspace(-1.0, 1.0, 5)

    def test_forward(self):
        np.testing.assert_allclose(affine_log1p(self.params, self.x), reference(self.params, self.x), rtol=1e-5)

    def test_pytree_roundtrip(self):
        leaves, treedef = jax.tree_util.tree_flatten(self.params)
        self.assertEqual(len(leaves), 2)
        self.assertIsInstance(jax.tree_util.tree_unflatten(treedef, leaves), AffineParams)

    def test_jit_forward(self):
        out = jax.jit(affine_log1p)(self.params, self.x)
        self.assertEqual(out.shape, (5,))

    def test_pullback_shapes(self):
        out, pullback = jax.vjp(affine_log1p, self.params, self.x)
        (dparams,) = pullback(jnp.ones_like(out))[:1]
        self.assertEqual(jnp.shape(dparams.scale), ())


if __name__ == "__main__":
    unittest.main()
