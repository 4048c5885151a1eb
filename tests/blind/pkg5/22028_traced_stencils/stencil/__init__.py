from stencil.ops import get
from stencil import monitor

__all__ = ["get", "monitor"]
