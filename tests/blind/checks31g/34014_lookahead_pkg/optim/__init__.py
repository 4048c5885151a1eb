from .unrolled import unrolled_descent
from .adjoint import attach_adjoint

attach_adjoint()
__all__ = ["unrolled_descent"]
