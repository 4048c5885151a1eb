"""Tests for hashed n-gram features computed on the host."""
import zlib

from absl.testing import absltest
from absl.testing import parameterized
import numpy as np
import jax
import jax.numpy as jnp

NUM_BUCKETS = 97


def _crc_bucket(a, b):
    return zlib.crc32(f"{a}:{b}".encode()) % NUM_BUCKETS


def bigram_buckets(tokens):
    tokens = np.asarray(tokens)
    flat = tokens.reshape(-1, tokens.shape[-1])
    out = np.zeros((flat.shape[0], flat.shape[1] - 1), dtype=np.int32)
    for r, row in enumerate(flat):
        for i in range(len(row) - 1):
            out[r, i] = _crc_bucket(int(row[i]), int(row[i + 1]))
    return out.reshape(tokens.shape[:-1] + (tokens.shape[-1] - 1,))


def hashed_bigrams(tokens, **cb_kwargs):
    spec = jax.ShapeDtypeStruct(tokens.shape[:-1] + (tokens.shape[-1] - 1,), jnp.int32)
    return jax.pure_callback(bigram_buckets, spec, tokens, **cb_kwargs)


def bag_of_bigrams(tokens, table, **cb_kwargs):
    ids = hashed_bigrams(tokens, **cb_kwargs)
    return table[ids].mean(axis=-2)


def _sentence(seed, n=7):
    return jnp.asarray(np.random.default_rng(seed).integers(0, 500, size=n), dtype=jnp.int32)


class HashedBigramTest(parameterized.TestCase):

    def setUp(self):
        super().setUp()
        self.table = jax.random.normal(jax.random.PRNGKey(0), (NUM_BUCKETS, 4))

    @parameterized.named_parameters(
        ("default", {}),
        ("expand_dims", {"vmap_method": "expand_dims"}),
        ("sequential", {"vmap_method": "sequential"}),
        ("legacy", {"vmap_method": "legacy_vectorized"}),
    )
    def test_jit_matches_host(self, cb_kwargs):
        toks = _sentence(3)
        got = jax.jit(lambda t: hashed_bigrams(t, **cb_kwargs))(toks)
        np.testing.assert_array_equal(np.asarray(got), bigram_buckets(np.asarray(toks)))

    def test_bag_shape(self):
        out = bag_of_bigrams(_sentence(1), self.table, vmap_method="sequential")
        self.assertEqual(out.shape, (4,))

    def test_vmapped_batch(self):
        batch = jnp.stack([_sentence(s) for s in range(3)])
        f = jax.vmap(lambda t: bag_of_bigrams(t, self.table, vmap_method="expand_dims"))
        self.assertEqual(f(batch).shape, (3, 4))


if __name__ == "__main__":
    absltest.main()
