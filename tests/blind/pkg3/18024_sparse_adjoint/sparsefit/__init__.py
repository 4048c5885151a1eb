from .host import SparseOperator
from .operators import make_linear_op
from .losses import least_squares

__all__ = ["SparseOperator", "make_linear_op", "least_squares"]
