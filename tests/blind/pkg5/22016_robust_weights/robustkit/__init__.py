from .functional import scores

__all__ = ["scores"]
