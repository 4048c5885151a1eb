from .net import init, forward

__all__ = ["init", "forward"]
