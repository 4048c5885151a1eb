import numpy as np


class NumpyStream:
    """A NumPy generator whose state advances with every draw (hence ordered calls)."""

    def __init__(self, seed: int):
        self.gen = np.random.default_rng(seed)
        self.draws = 0

    def draw_like(self, template):
        t = np.asarray(template)
        self.draws += 1
        return self.gen.standard_normal(t.shape).astype(t.dtype)

    def draw(self, shape, dtype):
        self.draws += 1
        return self.gen.standard_normal(shape).astype(dtype)


STREAM = NumpyStream(seed=2024)
