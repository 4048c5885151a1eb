"""Near miss of NamedTuple cases spread into `parameters(*CASES)`: the `legacy` case's options
hold `vectorized=True`, which JAX passes on to the host, but the host takes `vectorized` (and
nothing batches the call), so every case runs."""
from typing import NamedTuple

from absl.testing import absltest, parameterized
import numpy as np
import jax
import jax.numpy as jnp


def host_cube(x, vectorized=False):
    return np.power(np.asarray(x), 3).astype(np.float32)


class Variant(NamedTuple):
    label: str
    options: dict


CASES = [
    Variant("plain", {}),
    Variant("sequential", {"vmap_method": "sequential"}),
    Variant("legacy", {"vectorized": True}),
]


def cube(variant, x):
    return jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **variant.options)


class CubeTest(parameterized.TestCase):

    @parameterized.parameters(*CASES)
    def test_cube(self, label, options):
        x = jnp.arange(3.0)
        got = jax.jit(lambda v: cube(Variant(label, options), v))(x)
        np.testing.assert_allclose(got, x ** 3, err_msg=label)


if __name__ == "__main__":
    absltest.main()
