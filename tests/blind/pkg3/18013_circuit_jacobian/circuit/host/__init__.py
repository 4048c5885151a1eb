from .lapack import host_solve

__all__ = ["host_solve"]
