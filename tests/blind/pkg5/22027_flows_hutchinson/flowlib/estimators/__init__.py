from .trace import hutchinson_divergence

__all__ = ["hutchinson_divergence"]
