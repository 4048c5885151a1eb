from .cell import masked_cell
from .backward import register as _register

_register()
__all__ = ["masked_cell"]
