"""Unit converters: a package re-exporting a submodule of its `converters` package (whose
`__init__` is empty) only so that it runs and fills the table with `dict.update`."""
from .converters import imperial as _imperial  # noqa: F401
from .table import converter
