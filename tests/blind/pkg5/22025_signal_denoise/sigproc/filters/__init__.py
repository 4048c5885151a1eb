from .lowpass import lowpass

__all__ = ["lowpass"]
