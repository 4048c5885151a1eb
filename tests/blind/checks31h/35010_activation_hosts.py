# Copyright 2026 The Sparsecoder Authors.
"""Checks that host-evaluated activations match their traced counterparts."""

import functools

from absl.testing import absltest
from absl.testing import parameterized
import numpy as np
import jax
import jax.numpy as jnp


def _np_gelu(x):
    from scipy.special import erf
    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


def _np_softplus(x):
    return np.logaddexp(0.0, x)


def _jax_softplus(x):
    return np.asarray(jax.nn.softplus(x))


def _np_silu(x):
    return x / (1.0 + np.exp(-x))


HOST_ACTIVATIONS = {
    "gelu": _np_gelu,
    "softplus": _np_softplus,
    "softplus_xla": _jax_softplus,
    "silu": _np_silu,
}

TRACED_ACTIVATIONS = {
    "gelu": functools.partial(jax.nn.gelu, approximate=False),
    "softplus": jax.nn.softplus,
    "softplus_xla": jax.nn.softplus,
    "silu": jax.nn.silu,
}


def host_activation(name):
    fn = HOST_ACTIVATIONS[name]

    def host(x):
        x = np.asarray(x, dtype=np.float64)
        return fn(x).astype(np.float32)

    return host


def apply_on_host(name, x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_activation(name), spec, x, vmap_method="broadcast_all")


def _inputs(n=17, lo=-4.0, hi=4.0):
    return jnp.linspace(lo, hi, n, dtype=jnp.float32)


class HostActivationTest(parameterized.TestCase):

    def _assert_close(self, got, want, tol=2e-5):
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=tol, atol=tol)

    @parameterized.parameters("gelu", "softplus", "silu", "softplus_xla")
    def test_matches_traced(self, name):
        x = _inputs()
        got = jax.jit(functools.partial(apply_on_host, name))(x)
        self._assert_close(got, TRACED_ACTIVATIONS[name](x))

    @parameterized.named_parameters(
        ("small", 3), ("medium", 9),
    )
    def test_vmapped_rows(self, n):
        x = jnp.reshape(_inputs(4 * n), (4, n))
        got = jax.vmap(functools.partial(apply_on_host, "silu"))(x)
        self._assert_close(got, jax.nn.silu(x))

    def test_unknown_name(self):
        with self.assertRaises(KeyError):
            host_activation("swish2")


if __name__ == "__main__":
    absltest.main()
