from .trainer import train
from . import io  # noqa: F401

__all__ = ["train", "io"]
