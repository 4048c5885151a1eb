from . import hooks, ops

__all__ = ["hooks", "ops"]
