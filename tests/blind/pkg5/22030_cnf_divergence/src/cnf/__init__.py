from .nets.field import Field
from . import divergence

__all__ = ["Field", "divergence"]
