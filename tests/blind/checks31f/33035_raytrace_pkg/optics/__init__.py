"""Thin-lens ray transfer with a host-side refractive-index table."""
from .ops import refractive_index
from .spec import CallbackSpec
