from . import banded, host_sparse  # noqa: F401
