"""absl runs the parameterized test once per case; the `jax_host` case hands pure_callback a
host function that computes with `jnp` (JAX inside the host)."""
from absl.testing import absltest, parameterized
import numpy as np
import jax
import jax.numpy as jnp


def _numpy_square(x):
    return np.square(np.asarray(x))


def _jax_square(x):
    return np.asarray(jnp.square(x))  # EXPECT: JAX011


def square_on_host(host, x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


class SquareTest(parameterized.TestCase):

    @parameterized.named_parameters(("numpy_host", _numpy_square), ("jax_host", _jax_square))
    def test_square(self, host):
        x = jnp.arange(3.0)
        np.testing.assert_allclose(jax.jit(lambda v: square_on_host(host, v))(x), x * x)


if __name__ == "__main__":
    absltest.main()
