from . import filters, fit

__all__ = ["filters", "fit"]
