from .base.operator import LinearOperator
from .factory import make_operator

__all__ = ["LinearOperator", "make_operator"]
