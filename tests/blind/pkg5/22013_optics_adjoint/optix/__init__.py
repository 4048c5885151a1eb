from .propagation import build_system

__all__ = ["build_system"]
