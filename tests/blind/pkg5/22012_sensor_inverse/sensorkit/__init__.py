from . import devices
from .numerics import configured_inverse

__all__ = ["devices", "configured_inverse"]
