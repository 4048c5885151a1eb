from .tables import TABLES, load_table
from .host import *
from .batch import pressure_map

__all__ = ["TABLES", "load_table", "pressure_map", "table_lookup"]
