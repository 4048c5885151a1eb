from .curves import ProbitCurve

__all__ = ["ProbitCurve"]
