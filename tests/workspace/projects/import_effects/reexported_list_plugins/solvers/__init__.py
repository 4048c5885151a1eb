"""The package's solvers, registered as their modules run."""
from .dispatch import solve
from .explicit import euler_step
from .host import host_step

__all__ = ["solve", "euler_step", "host_step"]
