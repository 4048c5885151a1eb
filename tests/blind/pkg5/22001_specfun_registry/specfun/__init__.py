"""specfun: small kernel registry."""
from .registry import get_kernel, available, register
from . import kernels as _kernels  # noqa: F401  (fills the registry)

__all__ = ["get_kernel", "available", "register"]
