"""Tests for the streaming moment accumulator."""
import numpy as np
from absl.testing import absltest, parameterized

import jax
import jax.numpy as jnp
from jax.experimental import io_callback


_SEEN = []


def _host_push(x):
    _SEEN.append(np.asarray(x).copy())
    return np.asarray(x).astype(np.float32).sum(dtype=np.float32)


def push(x, ordered=True):
    return io_callback(_host_push, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=ordered)


def running_moments(xs, mode):
    if mode == "loop":
        sums = jnp.stack([push(x) for x in xs])
    elif mode == "scan":
        _, sums = jax.lax.scan(lambda c, x: (c, push(x)), None, xs)
    elif mode == "vmap":
        # ordering is meaningless across a batch, and JAX refuses it anyway
        sums = jax.vmap(lambda x: push(x, ordered=False))(xs)
    else:
        raise ValueError(mode)
    n = xs.shape[-1]
    return sums / n, jnp.cumsum(sums) / (n * jnp.arange(1, xs.shape[0] + 1))


def make_stream(rows=4, cols=3, seed=0):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.normal(size=(rows, cols)).astype(np.float32))


class MomentsTest(parameterized.TestCase):

    def setUp(self):
        super().setUp()
        _SEEN.clear()
        self.xs = make_stream()

    def assertAllClose(self, a, b, tol=1e-5):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=tol, atol=tol)

    @parameterized.named_parameters(
        ("python_loop", "loop"),
        ("lax_scan", "scan"),
        ("batched", "vmap"),
    )
    def test_means_match_numpy(self, mode):
        means, _ = running_moments(self.xs, mode)
        self.assertAllClose(means, np.asarray(self.xs).mean(axis=1))

    def test_host_sees_every_row(self):
        running_moments(self.xs, "scan")
        self.assertLen(_SEEN, self.xs.shape[0])

    def test_unknown_mode(self):
        with self.assertRaises(ValueError):
            running_moments(self.xs, "threads")


if __name__ == "__main__":
    absltest.main()
