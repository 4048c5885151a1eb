from .conv import blur, make_kernel

__all__ = ["blur", "make_kernel"]
