from .funcs import lgamma, psi
from .rules import derivatives  # noqa: F401  (defines the JVPs)

__all__ = ["lgamma", "psi"]
