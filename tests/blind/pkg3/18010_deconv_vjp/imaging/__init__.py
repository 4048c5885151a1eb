from .ops import blur, make_kernel
from .adjoint import adjoint_of
from .gradtools import clip_gradient

__all__ = ["blur", "make_kernel", "adjoint_of", "clip_gradient"]
