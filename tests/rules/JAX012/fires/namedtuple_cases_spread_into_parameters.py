"""absl runs the parameterized test once per case of `CASES`, a list of NamedTuples spread
into `parameters(*CASES)`: each case's fields are the test's arguments. The `legacy` case's
options hold `vectorized=True`; the test rebuilds a case from its fields and hands it to a
helper spreading `**case.options` into `jax.pure_callback`, which passes the keyword on to a
host that does not take it."""
from typing import NamedTuple

from absl.testing import absltest, parameterized
import numpy as np
import jax
import jax.numpy as jnp


def host_cube(x):
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
    return jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             **variant.options)


class CubeTest(parameterized.TestCase):

    @parameterized.parameters(*CASES)
    def test_cube(self, label, options):
        x = jnp.arange(3.0)
        got = jax.jit(lambda v: cube(Variant(label, options), v))(x)
        np.testing.assert_allclose(got, x ** 3, err_msg=label)


if __name__ == "__main__":
    absltest.main()
