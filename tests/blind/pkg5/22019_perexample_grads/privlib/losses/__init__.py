from .registry import get, register
from . import probit, squared  # noqa: F401
