from . import losses, training

__all__ = ["losses", "training"]
