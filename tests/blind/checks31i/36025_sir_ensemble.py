import unittest
from typing import NamedTuple

import numpy as np
from absl.testing import parameterized
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class SIRParams(NamedTuple):
    beta: jnp.ndarray
    gamma: jnp.ndarray


class Snapshotter:
    def __init__(self):
        self.rows = []

    def __call__(self, t, state):
        self.rows.append((int(np.asarray(t)), np.asarray(state).round(4)))
        return np.int32(0)


SNAP = Snapshotter()


def sir_step(params, state, t, dt=0.1):
    s, i, r = state
    new_inf = params.beta * s * i * dt
    new_rec = params.gamma * i * dt
    state = jnp.stack([s - new_inf, i + new_inf - new_rec, r + new_rec])
    io_callback(SNAP, jax.ShapeDtypeStruct((), jnp.int32), t, state, ordered=True)
    return state


def simulate(params, n_steps=5):
    init = jnp.array([0.99, 0.01, 0.0])
    final, traj = jax.lax.scan(lambda st, t: (sir_step(params, st, t),) * 2, init, jnp.arange(n_steps))
    return final, traj


def ensemble(betas, gammas):
    return jax.vmap(lambda b, g: simulate(SIRParams(b, g)))(betas, gammas)


class SIRTest(parameterized.TestCase):

    def setUp(self):
        super().setUp()
        SNAP.rows.clear()

    @parameterized.parameters((0.5, 0.1), (1.5, 0.2), (0.0, 0.3))
    def test_population_conserved(self, beta, gamma):
        final, _ = simulate(SIRParams(jnp.float32(beta), jnp.float32(gamma)))
        self.assertAlmostEqual(float(final.sum()), 1.0, places=5)

    def test_snapshots_in_time_order(self):
        simulate(SIRParams(jnp.float32(1.0), jnp.float32(0.1)), n_steps=4)
        self.assertEqual([t for t, _ in SNAP.rows], [0, 1, 2, 3])

    def test_ensemble_shapes(self):
        finals, trajs = ensemble(jnp.array([0.5, 1.0]), jnp.array([0.1, 0.1]))
        self.assertEqual(trajs.shape, (2, 5, 3))


if __name__ == "__main__":
    unittest.main()
