from .divergences import kl_bernoulli, log_ratio
from . import _register  # noqa: F401

__all__ = ["kl_bernoulli", "log_ratio"]
