from .model import TinyMLP
from .train import train

__all__ = ["TinyMLP", "train"]
