from .registry import RHS, register_rhs
from . import systems  # populates RHS
from .integrate import rk4_solve
from .hooks import TRACE_LOG

__all__ = ["RHS", "register_rhs", "rk4_solve", "TRACE_LOG"]
