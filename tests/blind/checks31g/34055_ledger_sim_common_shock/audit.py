import numpy as np


class Auditor:
    """Host-side audit trail; must see shocks in the order they are applied."""

    def __init__(self, limit: float):
        self.limit = limit
        self.trail: list[np.ndarray] = []

    def check(self, shock) -> np.ndarray:
        s = np.asarray(shock)
        self.trail.append(s.copy())
        return np.bool_(np.all(np.abs(s) < self.limit))


AUDITOR = Auditor(limit=5.0)
