"""The package's solvers: only the explicit one is imported (and so registered)."""
from .dispatch import solve
from .explicit import euler_step

__all__ = ["solve", "euler_step"]
