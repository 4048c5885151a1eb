from ._impl import host_norm

__all__ = ["host_norm"]
