from .interp import table_lookup

__all__ = ["table_lookup"]
