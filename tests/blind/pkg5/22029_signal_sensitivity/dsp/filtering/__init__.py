from .ma import smooth
from . import _derivs  # noqa: F401
