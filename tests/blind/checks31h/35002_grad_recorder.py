import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class NormRecorder:
    """Collects per-step gradient norms emitted from inside a compiled step."""

    def __init__(self):
        self.rows = []

    def _norm(self, g):
        return float(jnp.linalg.norm(g))

    def __call__(self, step, grads):
        step = int(np.asarray(step))
        g = np.asarray(grads)
        self.rows.append((step, self._norm(g)))
        return np.float32(len(self.rows))

    def last(self):
        return self.rows[-1][1]


def quadratic_loss(params, A, b):
    r = A @ params - b
    return 0.5 * jnp.dot(r, r)


def make_step(recorder, lr=0.1):
    @jax.jit
    def step(params, i, A, b):
        g = jax.grad(quadratic_loss)(params, A, b)
        _ = io_callback(recorder, jax.ShapeDtypeStruct((), jnp.float32), i, g)
        return params - lr * g
    return step


def build_problem(n=4, seed=0):
    rng = np.random.default_rng(seed)
    M = rng.normal(size=(n, n))
    A = M @ M.T / n + np.eye(n)
    b = rng.normal(size=n)
    return jnp.asarray(A, jnp.float32), jnp.asarray(b, jnp.float32)


class RecorderTest(unittest.TestCase):

    def setUp(self):
        self.A, self.b = build_problem()
        self.rec = NormRecorder()
        self.step = make_step(self.rec)

    def test_records_every_step(self):
        p = jnp.zeros(4)
        for i in range(5):
            p = self.step(p, i, self.A, self.b)
        jax.block_until_ready(p)
        self.assertEqual([r[0] for r in self.rec.rows], list(range(5)))

    def test_first_norm_matches(self):
        p = jnp.zeros(4)
        self.step(p, 0, self.A, self.b).block_until_ready()
        expected = np.linalg.norm(np.asarray(jax.grad(quadratic_loss)(p, self.A, self.b)))
        self.assertAlmostEqual(self.rec.last(), float(expected), places=4)

    def test_norm_decreases(self):
        p = jnp.zeros(4)
        for i in range(20):
            p = self.step(p, i, self.A, self.b)
        jax.block_until_ready(p)
        self.assertLess(self.rec.rows[-1][1], self.rec.rows[0][1])


if __name__ == "__main__":
    unittest.main()
