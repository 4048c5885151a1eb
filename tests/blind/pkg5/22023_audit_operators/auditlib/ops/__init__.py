from .linear import stencils as _stencils  # noqa: F401
from .table import lookup
