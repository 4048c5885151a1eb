"""The host calls `fn = KERNELS[name]`, `name` handed down from the test's cases; the
"exp_jax" case picks a helper computing with `jnp.exp`, which then runs on the host."""
from absl.testing import absltest, parameterized
import jax
import jax.numpy as jnp
import numpy as np


def _exp_numpy(x):
    return np.exp(x)


def _exp_jax(x):
    return np.asarray(jnp.exp(x))  # EXPECT: JAX011


KERNELS = {"exp": _exp_numpy, "exp_jax": _exp_jax, "unused": _exp_numpy}


def make_host(name):
    fn = KERNELS[name]

    def host(x):
        return fn(np.asarray(x)).astype(np.float32)

    return host


def on_host(name, x):
    return jax.pure_callback(make_host(name), jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


class KernelTest(parameterized.TestCase):

    @parameterized.parameters("exp", "exp_jax")
    def test_exp(self, name):
        x = jnp.linspace(0.0, 1.0, 4)
        np.testing.assert_allclose(jax.jit(lambda v: on_host(name, v))(x), np.exp(x), rtol=1e-6)


if __name__ == "__main__":
    absltest.main()
