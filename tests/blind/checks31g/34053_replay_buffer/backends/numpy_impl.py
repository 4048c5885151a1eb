import numpy as np


class RingBuffer:
    """Fixed-capacity transition store living in host memory."""

    def __init__(self, capacity: int, obs_dim: int):
        self.obs = np.zeros((capacity, obs_dim), np.float32)
        self.act = np.zeros((capacity,), np.int32)
        self.capacity = capacity
        self.count = 0

    def push(self, obs, action):
        i = self.count % self.capacity
        self.obs[i] = np.asarray(obs)
        self.act[i] = int(np.asarray(action))
        self.count += 1
        return np.int32(min(self.count, self.capacity))
