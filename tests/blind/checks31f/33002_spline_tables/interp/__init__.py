"""Tabulated spline evaluation with a host-side table builder."""
from .ops import evaluate, tabulate

__all__ = ["evaluate", "tabulate"]
