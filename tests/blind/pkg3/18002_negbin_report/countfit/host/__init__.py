from .special import lgamma, digamma_host

__all__ = ["lgamma", "digamma_host"]
