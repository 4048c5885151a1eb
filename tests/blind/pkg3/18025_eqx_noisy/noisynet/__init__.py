from .layers import NoisyMLP
from .host import HOST_RNG, seed_host
from .training import train

__all__ = ["NoisyMLP", "HOST_RNG", "seed_host", "train"]
