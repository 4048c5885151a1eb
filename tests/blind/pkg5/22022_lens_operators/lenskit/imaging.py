from dataclasses import dataclass

from lenskit.experimental.ops import blur1d


@dataclass(frozen=True)
class Blur:
    weight: float

    def __call__(self, x):
        return blur1d(x, self.weight)
