import unittest
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@dataclass(eq=False)
class EpisodeRecorder:
    rewards: list = field(default_factory=list)

    def __call__(self, r):
        self.rewards.append(np.asarray(r).copy())
        return np.zeros((), np.int32)


class BanditAgent:
    """Epsilon-greedy agent whose rewards are recorded on the host."""

    def __init__(self, n_arms, recorder):
        self.n_arms = n_arms
        self.recorder = recorder
        self.values = jnp.linspace(0.1, 0.9, n_arms)

    def step(self, key):
        k1, k2 = jax.random.split(key)
        explore = jax.random.uniform(k1) < 0.1
        arm = jnp.where(explore, jax.random.randint(k2, (), 0, self.n_arms),
                        jnp.argmax(self.values))
        reward = self.values[arm] + 0.01 * jax.random.normal(k2)
        io_callback(self.recorder, jax.ShapeDtypeStruct((), jnp.int32), reward, ordered=True)
        return arm, reward


class BanditAgentTest(unittest.TestCase):

    def setUp(self):
        self.recorder = EpisodeRecorder()
        self.agent = BanditAgent(4, self.recorder)

    def test_single_step_records_reward(self):
        arm, reward = self.agent.step(jax.random.PRNGKey(0))
        self.assertEqual(len(self.recorder.rewards), 1)
        self.assertTrue(0 <= int(arm) < 4)

    def test_greedy_arm_is_best(self):
        arms = [int(self.agent.step(jax.random.PRNGKey(s))[0]) for s in range(5)]
        self.assertGreaterEqual(arms.count(3), 3)

    def test_parallel_episodes(self):
        keys = jax.random.split(jax.random.PRNGKey(1), 8)
        arms, rewards = jax.vmap(self.agent.step)(keys)
        self.assertEqual(rewards.shape, (8,))
        self.assertEqual(len(self.recorder.rewards), 8)


if __name__ == "__main__":
    unittest.main()
