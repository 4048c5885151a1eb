from .ops import voigt, make_host_caller

__all__ = ["voigt", "make_host_caller"]
