"""Fixed-point solvers with implicit differentiation."""
from .fixed_point import fixed_point
from . import rules  # noqa: F401  (attaches the VJP rules)

__all__ = ["fixed_point"]
