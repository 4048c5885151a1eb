from flowlib.models import make_field
from flowlib import estimators

__all__ = ["make_field", "estimators"]
