"""The package re-exports its table and reader."""
from .table import TABLE, get

__all__ = ["TABLE", "get"]
