"""A package re-exporting its settings object and its model."""
from .config import CFG
from .model import loss

__all__ = ["CFG", "loss"]
