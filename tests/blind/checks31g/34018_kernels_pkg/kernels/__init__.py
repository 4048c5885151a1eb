from .activations import squareplus
from . import derivatives  # noqa: F401  registers the JVP of squareplus

__all__ = ["squareplus"]
