from .registry import get_backend
from . import impl as _impl  # noqa: F401

__all__ = ["get_backend"]
