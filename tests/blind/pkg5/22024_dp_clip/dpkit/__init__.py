from dpkit.engine.clip import clip_and_average
from dpkit.objectives import objective

__all__ = ["clip_and_average", "objective"]
