from .ops import positive_root

__all__ = ["positive_root"]
