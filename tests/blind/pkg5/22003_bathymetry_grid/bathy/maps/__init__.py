from .depth import DepthMap

__all__ = ["DepthMap"]
