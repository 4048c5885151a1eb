from .wrappers import sigmoid

__all__ = ["sigmoid"]
