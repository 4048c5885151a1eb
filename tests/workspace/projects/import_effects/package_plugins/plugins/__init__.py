"""Importing the package registers its plugins."""
from . import host_ops  # noqa: F401
